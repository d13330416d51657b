import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TabStatus } from './messaging.js';
import { PopupStore } from './PopupStore.js';
import { SettingsRepository } from './settings.js';
import type { StorageArea } from './storageKeys.js';

function popup(status: Partial<TabStatus> = {}, url = 'https://shop.example/c/dresses') {
  const deps = {
    settings: new SettingsRepository(fakeBrowser.storage.local as unknown as StorageArea),
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
  };
  return { store: new PopupStore(deps), deps };
}

describe('PopupStore', () => {
  beforeEach(() => fakeBrowser.reset());

  it('offers every fixture tenant and takes the DLP page from the path by default', async () => {
    const { store } = popup();
    await store.load();
    expect(store.host).toBe('shop.example');
    expect(store.tenants.length).toBeGreaterThanOrEqual(9);
    expect(store.pagePreview).toBe('dresses');
    expect(store.statusText).toContain('Off for this site');
  });

  it('re-registers and reloads the tab when the preview is turned on, not when the tenant changes', async () => {
    const { store, deps } = popup();
    await store.load();
    await store.update({ enabled: true });
    expect(deps.syncPreview).toHaveBeenCalledTimes(1);
    expect(deps.reloadTab).toHaveBeenCalledWith(4);
    await store.update({ tenantId: 'boreal' });
    expect(deps.reloadTab).toHaveBeenCalledTimes(1);
    expect(await deps.settings.site('shop.example')).toMatchObject({ enabled: true, tenantId: 'boreal' });
  });

  it.each([
    [
      { preview: { outcome: 'shown', tookOver: true, message: 'showing maple', at: 0 } },
      "It took over the page's own Aisle",
    ],
    [
      { preview: { outcome: 'stood-aside', tookOver: false, message: 'this page runs its own Aisle', at: 0 } },
      'Stood aside',
    ],
    [
      { preview: { outcome: 'failed', tookOver: false, message: 'no element matches "main"', at: 0 } },
      'Injection failed: no element',
    ],
    [{}, 'The preview has not run in this tab'],
    [{ registrationError: 'denied' }, 'Injection failed: denied'],
  ] as Array<[Partial<TabStatus>, string]>)('says what happened on an enabled site (%#)', async (status, text) => {
    const { store } = popup(status);
    await store.load();
    await store.update({ tenantId: 'maple' });
    await fakeBrowser.storage.local.set({ 'aisle:sites': { 'shop.example': { enabled: true } } });
    await store.load();
    expect(store.statusText).toContain(text);
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

  it('says a browser page cannot be previewed', async () => {
    const { store } = popup({}, 'chrome://extensions/');
    await store.load();
    expect(store.statusText).toBe('The preview runs on http and https pages only.');
  });
});
