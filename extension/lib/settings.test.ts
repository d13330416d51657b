import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_STACK, DEFAULT_SITE, SettingsRepository } from './settings.js';
import { STORAGE_KEYS } from './storageKeys.js';
import { importTenant } from './tenantImport.js';
import { plannedRegistrations } from './registration.js';

const local = () => fakeBrowser.storage.local as unknown as ConstructorParameters<typeof SettingsRepository>[0];

describe('SettingsRepository', () => {
  beforeEach(() => fakeBrowser.reset());

  it('gives a never-configured site the defaults, preview off', async () => {
    expect(await new SettingsRepository(local()).site('shop.example')).toEqual(DEFAULT_SITE);
  });

  it('keeps settings per host name, across repository instances (a browser restart)', async () => {
    await new SettingsRepository(local()).saveSite('a.example', { enabled: true, tenantId: 'boreal', locale: 'fr' });
    await new SettingsRepository(local()).saveSite('b.example', { environment: 'qa' });
    const again = new SettingsRepository(local());
    expect(await again.site('a.example')).toMatchObject({ enabled: true, tenantId: 'boreal', locale: 'fr' });
    expect(await again.site('b.example')).toMatchObject({ enabled: false, environment: 'qa', tenantId: 'maple' });
    expect(await again.enabledHosts()).toEqual(['a.example']);
  });

  it('normalises what it reads back: unknown values fall back to the defaults', async () => {
    await fakeBrowser.storage.local.set({
      [STORAGE_KEYS.sites]: { 'x.example': { enabled: 'yes', environment: 'staging', region: 'fr', page: 42 } },
    });
    expect(await new SettingsRepository(local()).site('x.example')).toEqual(DEFAULT_SITE);
  });

  it('stores imported tenants and drops a stored entry that no longer validates', async () => {
    const repo = new SettingsRepository(local());
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
    const repo = new SettingsRepository(local());
    expect(await repo.localStack()).toBe(DEFAULT_LOCAL_STACK);
    expect(await repo.setLocalStack('javascript:alert(1)')).toBe(false);
    expect(await repo.setLocalStack('http://127.0.0.1:5555/some/path')).toBe(true);
    expect(await repo.localStack()).toBe('http://127.0.0.1:5555');
  });
});

describe('plannedRegistrations', () => {
  it('registers the main-world preview at document_start for enabled hosts only, one registration per takeover choice', () => {
    const planned = plannedRegistrations({
      'a.example': { ...DEFAULT_SITE, enabled: true },
      'b.example': { ...DEFAULT_SITE, enabled: true, onExistingAisle: 'stand-aside' },
      'c.example': { ...DEFAULT_SITE, enabled: false },
    });
    expect(planned).toEqual([
      expect.objectContaining({
        id: 'aisle-preview-takeover',
        js: ['content-scripts/preview-takeover.js', 'content-scripts/aisle-preview.js'],
        matches: ['http://a.example/*', 'https://a.example/*'],
        runAt: 'document_start',
        world: 'MAIN',
      }),
      expect.objectContaining({
        id: 'aisle-preview-stand-aside',
        matches: ['http://b.example/*', 'https://b.example/*'],
      }),
    ]);
  });
});
