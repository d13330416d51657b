import { fakeBrowser } from '../testing/fakeBrowser.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupStore } from './PopupStore.js';
import { SettingsRepository } from './settings.js';
import { applySharedPreview, confirmationOf } from './shareApply.js';
import { readSharedPreview, sharedPayloadOf } from './shareLink.js';

const page = 'https://shop.example/acme/sheets';

function popup(copy: (text: string) => Promise<void>) {
  return new PopupStore({
    settings: new SettingsRepository(),
    tab: { id: 4, url: page },
    tabStatus: async () => ({ preview: null, loadUrl: null, searchError: null, registrationError: null }),
    syncPreview: async () => null,
    reloadTab: async () => undefined,
    checkStack: async () => true,
    openInspector: async () => undefined,
    isValidSelector: () => true,
    copy,
  });
}

/** What the colleague's extension reads from `link`. */
function arrive(link: string) {
  const read = readSharedPreview(link.split('#')[0]!, sharedPayloadOf(link)!);
  if (!read.ok) throw new Error(read.errors.join('; '));
  return read.preview;
}

describe('sharing a preview', () => {
  beforeEach(() => fakeBrowser.reset());

  it('copies a link with a custom tenant that, confirmed in another browser, sets the same preview', async () => {
    const copy = vi.fn(async (_text: string) => undefined);
    const store = popup(copy);
    await store.load();
    await store.importTenant(
      '{"config": {"id": "acme", "base": "/acme", "region": "ca"}, "demo": {"locales": ["en", "fr"]}}',
    );
    await store.update({ enabled: true, environment: 'qa', locale: 'fr', pathPatterns: '/acme/*' });
    await store.copyShareLink();
    const link = copy.mock.calls[0]![0];
    expect(link).toBe(store.shareLink);
    expect(store.shareMessage).toContain('Copied');

    // The colleague's browser: nothing is saved until the confirmation.
    fakeBrowser.reset();
    const theirs = new SettingsRepository();
    const preview = arrive(link);
    const confirmation = confirmationOf(preview, await theirs.customTenants(), await theirs.localStack());
    expect(confirmation.errors).toEqual([]);
    expect(confirmation.lines).toContainEqual({ label: 'Tenant', value: 'acme (custom, carried by the link)' });
    expect(await theirs.enabledOrigins()).toEqual([]);
    await applySharedPreview(theirs, preview);
    expect(await theirs.site('https://shop.example')).toMatchObject({
      enabled: true,
      tenantId: 'acme',
      environment: 'qa',
      locale: 'fr',
      region: 'ca',
      pathPatterns: '/acme/*',
    });
    expect((await theirs.customTenants()).map((t) => t.config.id)).toEqual(['acme']);
  });

  it('says when the clipboard refuses, with the link still in its field', async () => {
    const store = popup(async () => Promise.reject(new Error('denied')));
    await store.load();
    await store.copyShareLink();
    expect(store.shareMessage).toContain('copy the link from the field');
    expect(store.shareLink).toContain('#aisle-preview=');
  });

  it('cannot be applied with a custom tenant the link does not carry', async () => {
    const preview = arrive(
      `${page}#aisle-preview=${btoa(JSON.stringify({ v: 1, site: { tenantId: 'nobody' } })).replace(/=+$/, '')}`,
    );
    const confirmation = confirmationOf(preview, [], 'http://127.0.0.1:4173');
    expect(confirmation.errors.join()).toContain('the tenant "nobody" is not known here');
  });
});
