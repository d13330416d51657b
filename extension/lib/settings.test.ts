import { fakeBrowser } from '../testing/fakeBrowser.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_STACK, DEFAULT_SITE, SettingsRepository, migrateSitesToOrigins } from './settings.js';
import { STORAGE_KEYS } from './storageKeys.js';
import { importTenant } from './tenantImport.js';
import { plannedRegistrations } from './registration.js';

describe('SettingsRepository', () => {
  beforeEach(() => fakeBrowser.reset());

  it('gives a never-configured site the defaults, preview off', async () => {
    expect(await new SettingsRepository().site('https://shop.example')).toEqual(DEFAULT_SITE);
  });

  it('keeps settings per origin, across repository instances (a browser restart)', async () => {
    await new SettingsRepository().saveSite('https://a.example', { enabled: true, tenantId: 'boreal', locale: 'fr' });
    await new SettingsRepository().saveSite('https://b.example', { environment: 'qa' });
    const again = new SettingsRepository();
    expect(await again.site('https://a.example')).toMatchObject({ enabled: true, tenantId: 'boreal', locale: 'fr' });
    expect(await again.site('https://b.example')).toMatchObject({
      enabled: false,
      environment: 'qa',
      tenantId: 'maple',
    });
    expect(await again.enabledOrigins()).toEqual(['https://a.example']);
    expect((await again.site('https://a.example:8443')).enabled).toBe(false);
  });

  it('moves version 1 settings (per host name) to the host’s http and https origins, once', async () => {
    await fakeBrowser.storage.local.set({
      [STORAGE_KEYS.sites]: { 'shop.example': { enabled: true, tenantId: 'boreal' } },
    });
    const repo = new SettingsRepository();
    expect(await repo.enabledOrigins()).toEqual(['http://shop.example', 'https://shop.example']);
    expect(await repo.site('https://shop.example')).toMatchObject({ enabled: true, tenantId: 'boreal' });
    const stored = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(stored[STORAGE_KEYS.sites] as object)).toEqual(['https://shop.example', 'http://shop.example']);
    expect(stored[`${STORAGE_KEYS.sites}$`]).toEqual({ v: 2 });
  });

  it('keeps origins already present when migrating and drops keys that are neither', () => {
    expect(
      migrateSitesToOrigins({
        'https://shop.example': { tenantId: 'maple' },
        'shop.example': { tenantId: 'boreal' },
        'bad host': {},
      }),
    ).toEqual({ 'https://shop.example': { tenantId: 'maple' }, 'http://shop.example': { tenantId: 'boreal' } });
    expect(migrateSitesToOrigins('nonsense')).toEqual({});
  });

  it('normalises what it reads back: unknown values fall back to the defaults', async () => {
    await fakeBrowser.storage.local.set({
      [STORAGE_KEYS.sites]: {
        'https://x.example': { enabled: 'yes', environment: 'staging', region: 'fr', page: 42, pathPatterns: 7 },
      },
      [`${STORAGE_KEYS.sites}$`]: { v: 2 },
    });
    expect(await new SettingsRepository().site('https://x.example')).toEqual(DEFAULT_SITE);
  });

  it('stores imported tenants and drops a stored entry that no longer validates', async () => {
    const repo = new SettingsRepository();
    const read = importTenant('{"config": {"id": "acme", "base": "/acme", "region": "us"}}');
    if (!read.ok) throw new Error(read.errors.join());
    await repo.saveCustomTenant(read);
    const stored = (await fakeBrowser.storage.local.get(STORAGE_KEYS.customTenants))[
      STORAGE_KEYS.customTenants
    ] as unknown[];
    await fakeBrowser.storage.local.set({ [STORAGE_KEYS.customTenants]: [...stored, { config: { id: 'bad' } }] });
    expect((await repo.customTenants()).map((t) => t.config.id)).toEqual(['acme']);
    await repo.removeCustomTenant('acme');
    expect(await repo.customTenants()).toEqual([]);
  });

  it('accepts only an http(s) origin as the local stack', async () => {
    const repo = new SettingsRepository();
    expect(await repo.localStack()).toBe(DEFAULT_LOCAL_STACK);
    expect(await repo.setLocalStack('javascript:alert(1)')).toBe(false);
    expect(await repo.setLocalStack('http://127.0.0.1:5555/some/path')).toBe(true);
    expect(await repo.localStack()).toBe('http://127.0.0.1:5555');
  });

  it('tells a watcher when a site changes', async () => {
    const repo = new SettingsRepository();
    let calls = 0;
    const stop = repo.watchAll(() => calls++);
    await repo.saveSite('https://a.example', { enabled: true });
    await expect.poll(() => calls).toBeGreaterThan(0);
    stop();
  });
});

describe('plannedRegistrations', () => {
  const baseOf = (id: string) => (id === 'boreal' ? '/boreal' : '/maple');

  it('registers the main-world preview at document_start for the listing paths of enabled origins only, one registration per takeover choice', () => {
    const planned = plannedRegistrations(
      {
        'https://a.example': { ...DEFAULT_SITE, enabled: true },
        'http://b.example:8080': { ...DEFAULT_SITE, enabled: true, tenantId: 'boreal', onExistingAisle: 'stand-aside' },
        'https://c.example': { ...DEFAULT_SITE, enabled: false },
      },
      baseOf,
    );
    expect(planned).toEqual([
      expect.objectContaining({
        id: 'aisle-preview-takeover',
        js: ['content-scripts/preview-takeover.js', 'content-scripts/aisle-preview.js'],
        matches: ['https://a.example:443/maple/*'],
        excludeMatches: ['https://a.example:443/maple/p/*'],
        runAt: 'document_start',
        world: 'MAIN',
      }),
      expect.objectContaining({
        id: 'aisle-preview-stand-aside',
        matches: ['http://b.example:8080/boreal/*'],
        excludeMatches: ['http://b.example:8080/boreal/p/*'],
      }),
    ]);
  });

  it('uses the site’s own path patterns, and leaves the port out where patterns cannot say it', () => {
    const planned = plannedRegistrations(
      { 'http://shop.test': { ...DEFAULT_SITE, enabled: true, pathPatterns: '/c/*\n/sale/*\n!/c/checkout*' } },
      baseOf,
      { withPort: false },
    );
    expect(planned[0]).toMatchObject({
      matches: ['http://shop.test/c/*', 'http://shop.test/sale/*'],
      excludeMatches: ['http://shop.test/c/checkout*'],
    });
  });

  it('registers nothing for a site while one of its pattern lines is invalid (an exclusion is never skipped)', () => {
    const planned = plannedRegistrations(
      {
        'https://a.example': { ...DEFAULT_SITE, enabled: true, pathPatterns: '/maple/*\n!maple/p/*' },
        'https://b.example': { ...DEFAULT_SITE, enabled: true, pathPatterns: '/maple/shoes?sort=*' },
      },
      baseOf,
    );
    expect(planned).toEqual([expect.objectContaining({ matches: ['https://b.example:443/maple/shoes?sort=*'] })]);
  });
});
