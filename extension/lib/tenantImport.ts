/**
 * Validates a custom tenant pasted or loaded as JSON. Either a fixture-style file
 * (`{config: {...}, demo?: {...}}`) or a bare config object is accepted. Every problem is reported
 * in words a solution engineer can act on, with the field's path.
 */
import { FIXTURE_TENANTS, type PreviewTenant, type PreviewTenantConfig } from './tenants.js';

/** Largest tenant JSON accepted (a config is a few hundred bytes). */
export const MAX_TENANT_JSON = 32 * 1024;

/** The result of an import: the tenant, or every error found. */
export type TenantImport = { ok: true; tenant: PreviewTenant } | { ok: false; errors: string[] };

const BOOLEAN_FIELDS = [
  'infiniteLoading',
  'proxySearch',
  'searchRouterReplaceState',
  'backButtonReload',
  'resultsViewUpdateEvent',
  'vehicleSelector',
] as const;
const STRING_FIELDS = ['name', 'customerSearchId', 'mainSelector'] as const;
const URL_FIELDS = ['prodUrl', 'searchHost', 'analyticsHost'] as const;
const KNOWN = new Set<string>([
  'id',
  'base',
  'region',
  'defaultPageSize',
  ...BOOLEAN_FIELDS,
  ...STRING_FIELDS,
  ...URL_FIELDS,
]);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Parses and validates tenant JSON text. */
export function importTenant(text: string): TenantImport {
  if (text.length > MAX_TENANT_JSON)
    return { ok: false, errors: [`the JSON is larger than ${MAX_TENANT_JSON / 1024} KiB`] };
  if (text.trim() === '') return { ok: false, errors: ['paste or choose a tenant JSON file first'] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [`not valid JSON: ${(error as Error).message}`] };
  }
  return validateTenant(raw);
}

/** Validates an already parsed tenant (fixture file shape or bare config). */
export function validateTenant(raw: unknown): TenantImport {
  if (!isRecord(raw)) return { ok: false, errors: ['the JSON must be an object'] };
  const wrapped = isRecord(raw.config);
  const config = wrapped ? (raw.config as Record<string, unknown>) : raw;
  const at = (field: string) => (wrapped ? `config.${field}` : field);
  const errors: string[] = [];
  const id = config.id;
  if (typeof id !== 'string' || !/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(id))
    errors.push(`${at('id')} must be a tenant id: letters, digits, "-" or "_" (at most 64)`);
  else if (FIXTURE_TENANTS.some((t) => t.config.id === id))
    errors.push(`${at('id')} "${id}" is already a fixture tenant: choose another id`);
  if (typeof config.base !== 'string' || !/^\/[^\s?#]*$/.test(config.base))
    errors.push(`${at('base')} must be a path starting with "/", e.g. "/maple"`);
  if (config.region !== undefined && config.region !== 'us' && config.region !== 'ca')
    errors.push(`${at('region')} must be "us" or "ca"`);
  const size = config.defaultPageSize;
  if (size !== undefined && (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 500))
    errors.push(`${at('defaultPageSize')} must be a whole number from 1 to 500`);
  for (const field of BOOLEAN_FIELDS)
    if (config[field] !== undefined && typeof config[field] !== 'boolean')
      errors.push(`${at(field)} must be true or false`);
  for (const field of STRING_FIELDS)
    if (config[field] !== undefined && (typeof config[field] !== 'string' || (config[field] as string).length > 200))
      errors.push(`${at(field)} must be a string (at most 200 characters)`);
  for (const field of URL_FIELDS)
    if (config[field] !== undefined && (typeof config[field] !== 'string' || !isHttpUrl(config[field] as string)))
      errors.push(`${at(field)} must be an http(s) URL`);
  const unknown = Object.keys(config).filter((k) => !KNOWN.has(k));
  if (unknown.length > 0) errors.push(`unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.map(at).join(', ')}`);
  if (errors.length > 0) return { ok: false, errors };
  const demo = isRecord(raw.demo) ? raw.demo : {};
  const locales = Array.isArray(demo.locales)
    ? demo.locales.filter((l): l is 'en' | 'fr' => l === 'en' || l === 'fr')
    : [];
  return {
    ok: true,
    tenant: {
      config: JSON.parse(JSON.stringify(config)) as PreviewTenantConfig,
      locales: locales.length > 0 ? locales : ['en'],
      source: 'custom',
    },
  };
}
