import { describe, expect, it } from 'vitest';
import { loadTenants } from '../../fixtures/tenants/index.js';
import { buildPreviewConfig } from './previewContext.js';
import { TENANT_FIELDS, TENANT_FIELD_NAMES, tenantField } from '../../sdk/core/tenantFields.js';
import { DEFAULT_SITE, normalizeSite } from './settings.js';
import { importTenant, validateTenant } from './tenantImport.js';
import { FIXTURE_TENANTS, allTenants } from './tenants.js';

describe('the tenants offered', () => {
  it('are every fixture tenant', () => {
    expect(FIXTURE_TENANTS.map((t) => t.config.id)).toEqual(loadTenants().map((t) => t.config.id));
  });
});

describe('importTenant', () => {
  it('accepts a fixture-style file or a bare config', () => {
    const wrapped = importTenant('{"config": {"id": "acme", "base": "/acme"}, "demo": {"locales": ["fr", "en"]}}');
    expect(wrapped).toMatchObject({
      ok: true,
      tenant: { config: { id: 'acme' }, locales: ['fr', 'en'], source: 'custom' },
    });
    expect(importTenant('{"id": "acme", "base": "/acme", "infiniteLoading": true}')).toMatchObject({ ok: true });
  });

  it('accepts every field Aisle reads, the integrations included', () => {
    const config = {
      id: 'acme',
      base: '/acme',
      errorReportingDsn: 'https://key@o1.ingest.sentry.io/42',
      errorReportingSampleRate: 1,
      clickAnalytics: { domain: 'acme.example', endpoint: 'https://plausible.io/api/event' },
      experiments: { clientKey: 'sdk-abc', apiHost: 'https://cdn.growthbook.io' },
      consent: { ca: 'required', default: 'implied' },
      queryParams: ['store', 'lang'],
    };
    const result = importTenant(JSON.stringify({ config }));
    expect(result).toMatchObject({ ok: true, tenant: { config } });
  });

  it.each([
    ['{"id": "x", "base": "/x", "experiments": {"clientKey": "k"}}', 'experiments.apiHost must be a non-empty string'],
    ['{"id": "x", "base": "/x", "errorReportingDsn": "not a url"}', 'errorReportingDsn must be an http(s) URL'],
    ['{"id": "x", "base": "/x", "errorReportingSampleRate": 2}', 'errorReportingSampleRate must be a number from 0'],
    ['{"id": "x", "base": "/x", "consent": "ask"}', 'consent must be "required" or "implied"'],
    ['{"id": "x", "base": "/x", "consent": {"eu": "required"}}', 'consent must be "required" or "implied"'],
    ['{"id": "x", "base": "/x", "queryParams": ["store", ""]}', 'queryParams must be a list of at most 50 names'],
  ])('refuses an integration that Aisle would not run: %s', (text, error) => {
    const result = importTenant(text);
    expect(result.ok ? [] : result.errors.join('\n')).toContain(error);
  });

  it('knows every field Aisle reads from a tenant config', () => {
    const every = Object.fromEntries(TENANT_FIELD_NAMES.map((field) => [field, null]));
    const result = validateTenant(every);
    expect(result.ok ? [] : result.errors.join('\n')).not.toContain('unknown field');
    expect(result.ok ? [] : result.errors).toHaveLength(TENANT_FIELD_NAMES.length);
  });

  it.each([
    ['', 'paste or choose a tenant JSON file first'],
    ['{"id": ', 'not valid JSON'],
    ['[1]', 'the JSON must be an object'],
    ['{"config": {"base": "/x"}}', 'config.id must be a tenant id'],
    ['{"id": "maple", "base": "/m"}', 'is already a fixture tenant'],
    ['{"id": "x", "base": "x"}', 'base must be a path starting with "/"'],
    ['{"id": "x", "base": "/x", "region": "eu"}', 'region must be "us" or "ca"'],
    ['{"id": "x", "base": "/x", "defaultPageSize": 0}', 'defaultPageSize must be a whole number'],
    ['{"id": "x", "base": "/x", "proxySearch": "yes"}', 'proxySearch must be true or false'],
    ['{"id": "x", "base": "/x", "searchHost": "javascript:alert(1)"}', 'searchHost must be an http(s) URL'],
    ['{"id": "x", "base": "/x", "colour": "red"}', 'unknown field: colour'],
    [
      '{"id": "x", "base": "/x", "customization": {"classes": {"buton": "btn"}}}',
      'customization.classes.buton is not a part',
    ],
    ['{"id": "x", "base": "/x", "customization": "btn"}', 'customization must be an object'],
  ])('refuses %s with a clear error', (text, error) => {
    const result = importTenant(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors.join('\n')).toContain(error);
  });

  it.each([['//evil.example'], ['/\\\\evil.example'], ['/maple//p'], ['/a\u0001b']])(
    'refuses a base that Aisle would drop (%j) and says so',
    (base) => {
      const result = importTenant(JSON.stringify({ id: 'x', base }));
      expect(result.ok ? [] : result.errors.join('\n')).toContain('would be dropped by Aisle');
    },
  );

  it.each([['/'], ['/maple'], ['/en-ca/shop/']])('accepts a base Aisle keeps: %j', (base) => {
    expect(importTenant(JSON.stringify({ id: 'x', base }))).toMatchObject({ ok: true });
  });

  it('names every locale Aisle does not know instead of dropping it', () => {
    const result = importTenant('{"config": {"id": "x", "base": "/x"}, "demo": {"locales": ["en", "de", 7]}}');
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toEqual([
      expect.stringMatching(/^demo\.locales\[1\] "de" is not a locale Aisle knows/),
      expect.stringMatching(/^demo\.locales\[2\] 7 is not a locale/),
    ]);
    expect(importTenant('{"config": {"id": "x", "base": "/x"}, "demo": {"locales": "en"}}')).toMatchObject({
      ok: false,
      errors: ['demo.locales must be a list of locales, e.g. ["en", "fr"]'],
    });
  });

  it('refuses oversized JSON before parsing it', () => {
    expect(importTenant(`{"id": "x", "base": "/x", "name": "${'a'.repeat(40_000)}"}`)).toMatchObject({ ok: false });
  });
});

describe('buildPreviewConfig', () => {
  const maple = allTenants([]).find((t) => t.config.id === 'maple')!;

  it('builds a context without data; development points search and analytics at the local stack', () => {
    const site = { ...DEFAULT_SITE, environment: 'development' as const, region: 'ca' as const, locale: 'fr' as const };
    const { context } = buildPreviewConfig(maple, site, 'http://127.0.0.1:9999');
    expect(context).toEqual({
      config: expect.objectContaining({
        id: 'maple',
        region: 'ca',
        proxySearch: false,
        searchHost: 'http://127.0.0.1:9999/preview',
        analyticsHost: 'http://127.0.0.1:9999/analytics',
      }),
      environment: 'development',
      additional: { locale: 'fr_CA', lang: 'fr', region: 'ca' },
    });
    expect(context).not.toHaveProperty('data');
    expect(context.additional).not.toHaveProperty('page');
  });

  it('leaves production hosts to Aisle and names a typed page in the context', () => {
    const site = {
      ...DEFAULT_SITE,
      environment: 'production' as const,
      pageSource: 'typed' as const,
      page: 'rain jackets',
    };
    const { context } = buildPreviewConfig(maple, site, 'http://127.0.0.1:9999');
    expect(context.config).not.toHaveProperty('searchHost');
    expect(context.additional.page).toBe('rain jackets');
  });
});

describe('the popup', () => {
  it('keeps a per-site override for each tenant field the field table marks as offered by the popup', () => {
    const offered = TENANT_FIELD_NAMES.filter((field) => tenantField(field).popup);
    expect(offered).toEqual(['region', 'mainSelector']);
    for (const field of offered) expect(DEFAULT_SITE).toHaveProperty(field);
  });

  it('offers every region the tenant config accepts', () => {
    for (const region of TENANT_FIELDS.region.values) expect(normalizeSite({ region }).region).toBe(region);
  });
});
