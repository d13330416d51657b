/** Validates a custom tenant pasted as JSON (fixture-style or a bare config); each problem names its field's path. */
import { FIXTURE_TENANTS, type PreviewTenant, type PreviewTenantConfig } from './tenants.js';
import {
  isRecord,
  consentSettingProblem,
  isLocale,
  knownLocales,
  customizationProblems,
  routeBase,
  TENANT_FIELD_NAMES,
  TENANT_FIELDS,
  tenantField,
  type TenantFieldSpec,
} from '../../sdk/public/tools.js';

/** Largest tenant JSON accepted (a config is a few hundred bytes). */
export const MAX_TENANT_JSON = 32 * 1024;

/** Longest text a string field may hold. */
const MAX_TEXT = 200;

/** The result of an import: the tenant, or every error found. */
export type TenantImport = { ok: true; tenant: PreviewTenant } | { ok: false; errors: string[] };

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** True when Aisle's own rule (`routeBase`) keeps the base as written rather than dropping it. */
function keptByAisle(base: string): boolean {
  return routeBase(base) === base.trim().replace(/\/+$/, '');
}

/** Quoted choices in words: `"a" or "b"`, `"a", "b" or "c"`. */
function choices(values: readonly string[]): string {
  const quoted = values.map((value) => `"${value}"`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}` : (quoted[0] ?? '');
}

/**
 * What is wrong with `value` for a field of kind `spec`: sentences naming the field by its path
 * `at`, none when it is fine. Stricter than Aisle's own reading (which quietly drops a
 * bad value): an import is a person's file, and a typo should be shown, not silently ignored.
 */
function fieldProblem(spec: TenantFieldSpec, value: unknown, at: string): string[] {
  const says = (problem: string): string[] => [`${at} ${problem}`];
  switch (spec.kind) {
    case 'id':
      return typeof value === 'string' && /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(value)
        ? []
        : says('must be a tenant id: letters, digits, "-" or "_" (at most 64)');
    case 'path':
      if (typeof value !== 'string' || !/^\/[^\s?#]*$/.test(value))
        return says('must be a path starting with "/", e.g. "/maple"');
      // Aisle's own rule: a base it would not keep is dropped silently and routes start at the root.
      return keptByAisle(value)
        ? []
        : says(
            `${JSON.stringify(value).slice(0, 60)} would be dropped by Aisle (its routes would start at the site root): each segment follows a single "/" and holds no "\\"`,
          );
    case 'string':
      return typeof value === 'string' && value.length <= MAX_TEXT
        ? []
        : says(`must be a string (at most ${MAX_TEXT} characters)`);
    case 'url':
      return typeof value === 'string' && isHttpUrl(value) ? [] : says('must be an http(s) URL');
    case 'bool':
      return typeof value === 'boolean' ? [] : says('must be true or false');
    case 'positiveInt':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= spec.max
        ? []
        : says(`must be a whole number from 1 to ${spec.max}`);
    case 'enum':
      return typeof value === 'string' && spec.values.includes(value) ? [] : says(`must be ${choices(spec.values)}`);
    case 'rate':
      return typeof value === 'number' && value >= 0 && value <= 1 ? [] : says('must be a number from 0 to 1');
    case 'customization':
      if (!isRecord(value)) return says('must be an object with classes, texts or unstyled');
      // Aisle's own reading names every entry it cannot use (as sentences starting with the path).
      return customizationProblems({ config: { customization: value } }).map((problem) =>
        problem.replace(/^customization/, at),
      );
    case 'object':
      if (!isRecord(value)) return says(`must be an object with ${spec.fields.join(' and ')}`);
      return spec.fields.flatMap((key) => {
        const text = value[key];
        return typeof text === 'string' && text.trim() !== '' && text.length <= MAX_TEXT
          ? []
          : [`${at}.${key} must be a non-empty string (at most ${MAX_TEXT} characters)`];
      });
    case 'names':
      return Array.isArray(value) &&
        value.length <= spec.max &&
        value.every((name) => typeof name === 'string' && name.trim() !== '' && name.length <= 100)
        ? []
        : says(`must be a list of at most ${spec.max} names (non-empty strings of at most 100 characters)`);
    case 'consent': {
      const problem = consentSettingProblem(value);
      return problem === null ? [] : says(problem);
    }
  }
}

/** A field every imported config must state: the type requires it and nothing supplies a default. */
function mustBeGiven(spec: TenantFieldSpec): boolean {
  return !spec.optional && !('default' in spec);
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

/** What is wrong with `demo.locales`: each locale Aisle does not ship is named, none is dropped unsaid. */
function localeProblems(locales: unknown): string[] {
  if (locales === undefined) return [];
  if (!Array.isArray(locales)) return ['demo.locales must be a list of locales, e.g. ["en", "fr"]'];
  const known = knownLocales();
  return locales.flatMap((locale, i) =>
    isLocale(locale)
      ? []
      : [`demo.locales[${i}] ${JSON.stringify(locale)?.slice(0, 40)} is not a locale Aisle knows (${choices(known)})`],
  );
}

/** Validates an already parsed tenant (fixture file shape or bare config). */
export function validateTenant(raw: unknown): TenantImport {
  if (!isRecord(raw)) return { ok: false, errors: ['the JSON must be an object'] };
  const wrapped = isRecord(raw.config);
  const config = wrapped ? (raw.config as Record<string, unknown>) : raw;
  const at = (field: string) => (wrapped ? `config.${field}` : field);
  const errors: string[] = [];
  for (const field of TENANT_FIELD_NAMES) {
    const spec = tenantField(field);
    if (config[field] === undefined && !mustBeGiven(spec)) continue;
    errors.push(...fieldProblem(spec, config[field], at(field)));
  }
  const id = config.id;
  if (typeof id === 'string' && FIXTURE_TENANTS.some((t) => t.config.id === id))
    errors.push(`${at('id')} "${id}" is already a fixture tenant: choose another id`);
  const unknown = Object.keys(config).filter((k) => !Object.hasOwn(TENANT_FIELDS, k));
  if (unknown.length > 0) errors.push(`unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.map(at).join(', ')}`);
  const demo = isRecord(raw.demo) ? raw.demo : {};
  errors.push(...localeProblems(demo.locales));
  if (errors.length > 0) return { ok: false, errors };
  const locales = Array.isArray(demo.locales) ? demo.locales.filter(isLocale) : [];
  return {
    ok: true,
    tenant: {
      config: JSON.parse(JSON.stringify(config)) as PreviewTenantConfig,
      locales: locales.length > 0 ? locales : ['en'],
      source: 'custom',
    },
  };
}
