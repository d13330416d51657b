import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE } from './settings.js';
import { readSharedPreview, shareLinkFor, sharedPayloadOf, SHARE_KEY } from './shareLink.js';
import type { PreviewTenant } from './tenants.js';

const site = {
  ...DEFAULT_SITE,
  enabled: true,
  tenantId: 'acme',
  environment: 'qa' as const,
  region: 'ca' as const,
  locale: 'fr' as const,
  pageSource: 'typed' as const,
  page: 'bed-sheets',
  pathPatterns: '/acme/*\n!/acme/p/*',
};
const acme: PreviewTenant = {
  config: { id: 'acme', base: '/acme', region: 'ca' },
  locales: ['en', 'fr'],
  source: 'custom',
};
const page = 'https://shop.example/acme/sheets?sort=price_asc#reviews';

/** A link whose payload is `payload` as JSON. */
const linkWith = (payload: unknown): string =>
  `https://shop.example/acme/sheets#${SHARE_KEY}=${btoa(JSON.stringify(payload)).replace(/=+$/, '')}`;

describe('the shareable preview link', () => {
  it('opens the same page with the same preview, the custom tenant inside, without the old fragment', () => {
    const link = shareLinkFor(page, site, acme);
    expect(link.startsWith('https://shop.example/acme/sheets?sort=price_asc#aisle-preview=')).toBe(true);
    const read = readSharedPreview(link.split('#')[0]!, sharedPayloadOf(link)!);
    expect(read).toEqual({
      ok: true,
      preview: {
        pageUrl: 'https://shop.example/acme/sheets?sort=price_asc',
        origin: 'https://shop.example',
        site: { ...site, enabled: true },
        tenant: acme,
      },
    });
  });

  it('carries no tenant for a fixture tenant, and never the local stack', () => {
    const link = shareLinkFor(page, { ...site, tenantId: 'maple' }, { ...acme, source: 'fixture' });
    const read = readSharedPreview(page, sharedPayloadOf(link)!);
    expect(read.ok && read.preview.tenant).toBeNull();
    expect(link).not.toContain('127.0.0.1');
  });

  it('keeps non-ASCII settings intact', () => {
    const link = shareLinkFor(page, { ...site, page: 'draps-été' }, null);
    const read = readSharedPreview(page, sharedPayloadOf(link)!);
    expect(read.ok && read.preview.site.page).toBe('draps-été');
  });

  it('refuses a custom tenant that an import would refuse, naming its fields', () => {
    const read = readSharedPreview(
      page,
      sharedPayloadOf(linkWith({ v: 1, site: {}, tenant: { config: { id: 'x', base: 'x' } } }))!,
    );
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors.join('\n')).toMatch(/custom tenant: .*base/);
  });

  it.each([
    ['a damaged payload', 'not base64 !!', 'cannot be read'],
    ['another version', sharedPayloadOf(linkWith({ v: 2, site: {} }))!, 'another version'],
    [
      'a field that is no setting',
      sharedPayloadOf(linkWith({ v: 1, site: { enabled: true, tenantId: 'maple' } }))!,
      '"enabled"',
    ],
  ])('refuses %s with the reason', (_, payload, words) => {
    const read = readSharedPreview(page, payload);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors.join('\n')).toContain(words);
  });

  it('normalises proposed values as stored settings are (an unknown environment falls back)', () => {
    const read = readSharedPreview(
      page,
      sharedPayloadOf(linkWith({ v: 1, site: { environment: 'prod', locale: 'xx' } }))!,
    );
    expect(read.ok && read.preview.site).toMatchObject({ environment: 'development', locale: 'en', enabled: true });
  });

  it('is found only in a fragment that starts with its key', () => {
    expect(sharedPayloadOf('https://shop.example/a#aisle-preview=abc')).toBe('abc');
    expect(sharedPayloadOf('https://shop.example/a?aisle-preview=abc')).toBeNull();
    expect(sharedPayloadOf('https://shop.example/a#top')).toBeNull();
  });

  it('refuses a page that is not http(s)', () => {
    expect(readSharedPreview('file:///etc/passwd', 'x')).toMatchObject({ ok: false });
  });
});
