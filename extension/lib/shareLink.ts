/**
 * The shareable preview link: settings in the fragment (never sent to the retailer's server), confirmed
 * before anything is saved. Its content is untrusted, normalised and validated like stored settings and imports.
 * The local stack's address is not shared: it is each person's own machine.
 */
import { normalizeSite, type SiteSettings } from './settings.js';
import { validateTenant, MAX_TENANT_JSON } from './tenantImport.js';
import type { PreviewTenant } from './tenants.js';

/** The fragment key that carries a shared preview. */
export const SHARE_KEY = 'aisle-preview';
/** The longest payload a link may carry (a custom tenant included), in characters. */
export const MAX_SHARE_CHARS = 48 * 1024;

/** The settings a link carries: the site's, except whether it is enabled (the colleague decides). */
const SHARED_FIELDS = [
  'tenantId',
  'environment',
  'region',
  'locale',
  'anyLocale',
  'pageSource',
  'page',
  'onExistingAisle',
  'mainSelector',
  'pathPatterns',
] as const satisfies ReadonlyArray<keyof SiteSettings>;

/** A shared preview, read and checked. */
export interface SharedPreview {
  /** The page the link opens, without the fragment. */
  pageUrl: string;
  /** The site (origin) the settings are for. */
  origin: string;
  site: SiteSettings;
  /** The custom tenant the link carries, validated, if any. */
  tenant: PreviewTenant | null;
}

/** The outcome of reading a link: the preview, or why it cannot be used (each problem in words). */
export type SharedRead = { ok: true; preview: SharedPreview } | { ok: false; errors: string[] };

const toBase64Url = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): string => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

/** The link that opens `pageUrl` with `site`'s preview, carrying `tenant` when it is a custom one. */
export function shareLinkFor(pageUrl: string, site: SiteSettings, tenant: PreviewTenant | null): string {
  const url = new URL(pageUrl);
  url.hash = '';
  const shared = Object.fromEntries(SHARED_FIELDS.map((field) => [field, site[field]]));
  const payload = {
    v: 1,
    site: shared,
    ...(tenant?.source === 'custom' ? { tenant: { config: tenant.config, demo: { locales: tenant.locales } } } : {}),
  };
  return `${url.href}#${SHARE_KEY}=${toBase64Url(JSON.stringify(payload))}`;
}

/** The payload of `href`'s fragment when it carries a shared preview, else null. */
export function sharedPayloadOf(href: string): string | null {
  const hash = href.indexOf('#');
  if (hash < 0) return null;
  const fragment = href.slice(hash + 1);
  return fragment.startsWith(`${SHARE_KEY}=`) ? fragment.slice(SHARE_KEY.length + 1) : null;
}

/** Reads a shared preview for the page `pageUrl` from its fragment's `payload`, checking everything. */
export function readSharedPreview(pageUrl: string, payload: string): SharedRead {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return { ok: false, errors: ['the link is not a web address'] };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, errors: ['the link must open an http or https page'] };
  if (payload.length > MAX_SHARE_CHARS) return { ok: false, errors: ['the link is too long to be a preview link'] };
  let raw: unknown;
  try {
    raw = JSON.parse(fromBase64Url(payload));
  } catch {
    return { ok: false, errors: ['the link is damaged: its preview settings cannot be read'] };
  }
  const data = (typeof raw === 'object' && raw !== null ? raw : {}) as {
    v?: unknown;
    site?: unknown;
    tenant?: unknown;
  };
  if (data.v !== 1) return { ok: false, errors: ['the link was made by another version of the extension'] };
  const proposed = (typeof data.site === 'object' && data.site !== null ? data.site : {}) as Record<string, unknown>;
  const unknown = Object.keys(proposed).filter((k) => !(SHARED_FIELDS as readonly string[]).includes(k));
  const errors = unknown.map((k) => `the link sets "${k.slice(0, 40)}", which is not a preview setting`);
  let tenant: PreviewTenant | null = null;
  if (data.tenant !== undefined) {
    const text = JSON.stringify(data.tenant);
    const checked = text.length > MAX_TENANT_JSON ? null : validateTenant(data.tenant);
    if (!checked) errors.push('the custom tenant in the link is too large');
    else if (!checked.ok) errors.push(...checked.errors.map((e) => `custom tenant: ${e}`));
    else tenant = checked.tenant;
  }
  if (errors.length > 0) return { ok: false, errors };
  url.hash = '';
  const site = { ...normalizeSite({ ...proposed, enabled: true }) };
  return { ok: true, preview: { pageUrl: url.href, origin: url.origin, site, tenant } };
}
