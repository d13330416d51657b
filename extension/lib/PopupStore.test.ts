import { fakeBrowser } from '../testing/fakeBrowser.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TabStatus } from './messaging.js';
import { PopupStore, turnPreviewOff } from './PopupStore.js';
import { SettingsRepository } from './settings.js';

function popup(status: Partial<TabStatus> = {}, url = 'https://shop.example/maple/dresses') {
  const deps = {
    settings: new SettingsRepository(),
    tab: { id: 4, url },
    tabStatus: vi.fn(async () => ({
      preview: null,
      loadUrl: null,
      searchError: null,
      registrationError: null,
      ...status,
    })),
    syncPreview: vi.fn(async () => null as string | null),
    reloadTab: vi.fn(async () => undefined),
    checkStack: vi.fn(async () => true),
    openInspector: vi.fn(async () => undefined),
    // The node test environment has no DOM: the selector check is the part under test elsewhere.
    isValidSelector: (selector: string) => !selector.includes('[['),
  };
  return { store: new PopupStore(deps), deps };
}

async function enabledPopup(status: Partial<TabStatus> = {}, url?: string) {
  const made = popup(status, url);
  await made.store.load();
  await made.deps.settings.saveSite('https://shop.example', { enabled: true });
  await made.store.load();
  return made;
}

describe('PopupStore', () => {
  beforeEach(() => fakeBrowser.reset());

  it('offers every fixture tenant and takes the DLP page from the path by default', async () => {
    const { store } = popup();
    await store.load();
    expect(store.origin).toBe('https://shop.example');
    expect(store.tenants.length).toBeGreaterThanOrEqual(9);
    expect(store.pagePreview).toBe('dresses');
    expect(store.statusText).toContain('Off for this site');
    expect(store.statusKind).toBe('off');
  });

  it.each([
    ['https://shop.example/sale/50%-off-sheets', '50%-off-sheets'],
    ['https://shop.example/maple/50%-off-sheets', '50%-off-sheets'],
    ['https://shop.example/maple/caf%C3%A9', 'café'],
  ])('shows the page of an address with a stray or an encoded %% without throwing (%s)', async (url, page) => {
    const { store } = popup({}, url);
    await store.load();
    expect(store.pagePreview).toBe(page);
  });

  it('keeps settings per origin: another port of the same host is another site', async () => {
    const { store } = popup({}, 'http://shop.example:8080/maple/dresses');
    await store.load();
    await store.update({ enabled: true });
    const settings = new SettingsRepository();
    expect(await settings.enabledOrigins()).toEqual(['http://shop.example:8080']);
    expect((await settings.site('http://shop.example')).enabled).toBe(false);
  });

  it('re-registers and reloads the tab when the preview is turned on, not when the tenant changes', async () => {
    const { store, deps } = popup();
    await store.load();
    await store.update({ enabled: true });
    expect(deps.syncPreview).toHaveBeenCalledTimes(1);
    expect(deps.reloadTab).toHaveBeenCalledWith(4);
    await store.update({ tenantId: 'boreal' });
    expect(deps.reloadTab).toHaveBeenCalledTimes(1);
    expect(await deps.settings.site('https://shop.example')).toMatchObject({ enabled: true, tenantId: 'boreal' });
  });

  it.each([
    [
      { preview: { outcome: 'shown', tookOver: true, message: 'showing maple', at: 0 } },
      "It took over the page's own Aisle",
      'shown',
    ],
    [
      { preview: { outcome: 'stood-aside', tookOver: false, message: 'this page runs its own Aisle', at: 0 } },
      'Stood aside',
      'stood-aside',
    ],
    [
      { preview: { outcome: 'failed', tookOver: false, message: 'no element matches "main"', at: 0 } },
      'Aisle is not shown: no element',
      'failed',
    ],
    [
      { preview: { outcome: 'not-found', tookOver: false, message: 'page not found: no page "x"', at: 0 } },
      'page not found',
      'not-found',
    ],
    [
      { preview: { outcome: 'pending', tookOver: false, message: 'searching', at: 0 } },
      'Starting: searching',
      'pending',
    ],
    [{}, 'The preview has not run in this tab', 'idle'],
    [{ registrationError: 'denied' }, 'Injection failed: denied', 'failed'],
  ] as Array<[Partial<TabStatus>, string, string]>)(
    'says what happened on an enabled site, with a kind of its own (%#)',
    async (status, text, kind) => {
      const { store } = await enabledPopup(status);
      expect(store.statusText).toContain(text);
      expect(store.statusKind).toBe(kind);
    },
  );

  it('tells a shown preview with blocked images from a clean one', async () => {
    const { store } = await enabledPopup({
      preview: { outcome: 'shown', tookOver: false, message: 'showing maple', warning: 'images are blocked', at: 0 },
    });
    expect(store.statusKind).toBe('warning');
    expect(store.statusWarning).toContain('images are blocked');
  });

  it('says the local stack does not answer in development, naming its address', async () => {
    const { store, deps } = popup();
    deps.checkStack.mockResolvedValue(false);
    await store.load();
    await store.update({ enabled: true });
    await store.setLocalStack('http://127.0.0.1:9999');
    expect(deps.checkStack).toHaveBeenLastCalledWith('http://127.0.0.1:9999');
    expect(store.statusKind).toBe('failed');
    expect(store.statusText).toContain('The local stack at http://127.0.0.1:9999 does not answer');
  });

  it('refuses an invalid main-element selector with an error instead of starting forever', async () => {
    const { store } = await enabledPopup({
      preview: { outcome: 'pending', tookOver: false, message: 'waiting', at: 0 },
    });
    await store.update({ mainSelector: 'main[[' });
    expect(store.mainSelectorError).toContain('not a valid CSS selector');
    expect(store.statusKind).toBe('failed');
  });

  it('leaves a product page outside the default path patterns alone, and says so', async () => {
    const { store } = await enabledPopup({}, 'https://shop.example/maple/p/rain-jacket');
    expect(store.pathPatterns).toBe('/maple/*\n!/maple/p/*');
    expect(store.inScope).toBe(false);
    expect(store.statusText).toContain('outside the path patterns');
    await store.update({ pathPatterns: '/*' });
    expect(store.inScope).toBe(true);
  });

  it('offers only the tenant’s region and locales unless any locale is ticked', async () => {
    const { store } = popup();
    await store.load();
    await store.update({ tenantId: 'maple' });
    expect(store.regionOptions.map(([v]) => v)).toEqual(['us']);
    expect(store.localeOptions.map(([v]) => v)).toEqual(['en']);
    await store.update({ tenantId: 'lakeshore' });
    expect(store.site).toMatchObject({ region: 'ca', locale: 'en' });
    await store.update({ locale: 'fr' });
    await store.update({ tenantId: 'maple' });
    expect(store.site).toMatchObject({ region: 'us', locale: 'en' });
    await store.update({ anyLocale: true });
    expect(store.localeOptions.map(([v]) => v)).toEqual(['en', 'fr']);
    await store.update({ locale: 'fr' });
    expect(store.site.locale).toBe('fr');
  });

  it('names each locale on offer in its own language', async () => {
    const { store } = popup();
    await store.load();
    await store.update({ anyLocale: true });
    expect(store.localeOptions).toEqual([
      ['en', 'English'],
      ['fr', 'Français'],
    ]);
  });

  it('shows every import error and chooses an imported tenant', async () => {
    const { store } = popup();
    await store.load();
    expect(await store.importTenant('{"id": "x"}')).toBe(false);
    expect(store.importErrors).toEqual([expect.stringContaining('base must be a path')]);
    expect(await store.importTenant('{"id": "acme", "base": "/acme"}')).toBe(true);
    expect(store.tenants.at(-1)?.config.id).toBe('acme');
    expect(store.site.tenantId).toBe('acme');
  });

  it('edits and removes an imported tenant', async () => {
    const { store } = popup();
    await store.load();
    await store.importTenant('{"config": {"id": "acme", "base": "/acme", "name": "Acme"}}');
    store.editTenant('acme');
    expect(JSON.parse(store.tenantJson).config).toMatchObject({ id: 'acme', name: 'Acme' });
    store.setTenantJson('{"config": {"id": "acme2", "base": "/acme", "name": "Acme Two"}}');
    expect(await store.importTenant()).toBe(true);
    expect(store.tenants.filter((t) => t.source === 'custom').map((t) => t.config.id)).toEqual(['acme2']);
    await store.removeTenant('acme2');
    expect(store.tenants.some((t) => t.source === 'custom')).toBe(false);
    expect(store.site.tenantId).toBe('maple');
  });

  it('says a browser page cannot be previewed', async () => {
    const { store } = popup({}, 'chrome://extensions/');
    await store.load();
    expect(store.statusText).toBe('The preview runs on http and https pages only.');
  });

  it('turns the preview off for the tab’s origin without the popup’s view (its error fallback)', async () => {
    const { deps } = await enabledPopup();
    expect(await turnPreviewOff(deps, { id: 4, url: 'https://shop.example/sale/50%-off' })).toBe(true);
    expect((await deps.settings.site('https://shop.example')).enabled).toBe(false);
    expect(deps.reloadTab).toHaveBeenCalledWith(4);
  });
});
