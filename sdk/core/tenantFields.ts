/**
 * Every field of a tenant's `config`, declared once: the `TenantConfig` type, the normaliser and the
 * extension's import and popup derive from this table, so a new field is one row here. An unusable
 * value reads as the field's default, or as absent when it has none.
 */
import type { ConsentSetting } from './consentSetting.js';
import type { Customization } from './customization.js';
import { REGIONS } from './types.js';

interface FieldCommon {
  /** The type leaves the field optional (the normaliser may still fill a default). */
  optional?: true;
  /** The extension's popup offers a per-site override of this field. */
  popup?: true;
}

/** How one field is read and checked. */
export type TenantFieldSpec = FieldCommon &
  (
    | { kind: 'id' }
    | { kind: 'path' }
    | { kind: 'string'; default?: string; trim?: true }
    | { kind: 'url'; default?: string }
    | { kind: 'bool'; default: boolean }
    | { kind: 'positiveInt'; default: number; max: number }
    | { kind: 'enum'; values: readonly string[] }
    | { kind: 'rate' }
    | { kind: 'object'; fields: readonly string[] }
    | { kind: 'customization' }
    | { kind: 'names'; max: number }
    | { kind: 'consent' }
  );

/** The tenant fields. Order is the order of the docs and of error messages. */
export const TENANT_FIELDS = {
  id: { kind: 'id' },
  /** Route root of the tenant, e.g. `/maple`: routes are `{base}/{page}` and `{base}/vsm/{page*}`. */
  base: { kind: 'path' },
  prodUrl: { kind: 'url', default: '' },
  customerSearchId: { kind: 'string', optional: true },
  defaultPageSize: { kind: 'positiveInt', default: 24, max: 500 },
  infiniteLoading: { kind: 'bool', default: false },
  region: { kind: 'enum', values: REGIONS, optional: true, popup: true },
  proxySearch: { kind: 'bool', default: false },
  searchRouterReplaceState: { kind: 'bool', default: false },
  /** CSS selector of the element Aisle takes over. */
  mainSelector: { kind: 'string', default: 'main', trim: true, optional: true, popup: true },
  searchHost: { kind: 'url', optional: true },
  analyticsHost: { kind: 'url', optional: true },
  backButtonReload: { kind: 'bool', default: true, optional: true },
  resultsViewUpdateEvent: { kind: 'bool', default: false, optional: true },
  /** Display name of the retailer (used by demo pages and the extension). */
  name: { kind: 'string', optional: true },
  /** Shows the vehicle selector (auto-parts tenants). */
  vehicleSelector: { kind: 'bool', default: false, optional: true },
  /** Error reporting (Sentry DSN); off when absent. See docs/integrations.md. */
  errorReportingDsn: { kind: 'url', optional: true },
  /** Error-report sampling for tests, honoured only when `environment` is `development`. */
  errorReportingSampleRate: { kind: 'rate', optional: true },
  /** Privacy-focused click analytics (Plausible); off when absent. */
  clickAnalytics: { kind: 'object', fields: ['domain', 'endpoint'], optional: true },
  /** Experiments and feature flags (GrowthBook); off when absent. */
  experiments: { kind: 'object', fields: ['clientKey', 'apiHost'], optional: true },
  /** The retailer's classes on Aisle's parts, their own words, an unstyled mode. See docs/theming.md. */
  customization: { kind: 'customization', optional: true },
  /** Whether nothing is stored or sent before the shopper consents, by region. See docs/privacy.md. */
  consent: { kind: 'consent', optional: true },
  /** Query parameters of the tenant's own that events keep, besides the listing's. See docs/privacy.md. */
  queryParams: { kind: 'names', max: 50, optional: true },
} as const satisfies Record<string, TenantFieldSpec>;

type Table = typeof TENANT_FIELDS;
/** A tenant field's name. */
export type TenantField = keyof Table;

type ValueOf<F> = F extends { kind: 'bool' }
  ? boolean
  : F extends { kind: 'positiveInt' | 'rate' }
    ? number
    : F extends { kind: 'enum'; values: readonly (infer V)[] }
      ? V
      : F extends { kind: 'object'; fields: readonly (infer K extends string)[] }
        ? { [P in K]: string }
        : F extends { kind: 'customization' }
          ? Customization
          : F extends { kind: 'names' }
            ? string[]
            : F extends { kind: 'consent' }
              ? ConsentSetting
              : string;

type OptionalField = { [K in TenantField]: Table[K] extends { optional: true } ? K : never }[TenantField];
type RequiredField = Exclude<TenantField, OptionalField>;

/** Tenant configuration, the `config` of the render context, as the table describes it. */
export type TenantConfig = { [K in RequiredField]: ValueOf<Table[K]> } & {
  [K in OptionalField]?: ValueOf<Table[K]>;
};

/** Every field name, in table order. */
export const TENANT_FIELD_NAMES = Object.keys(TENANT_FIELDS) as TenantField[];

/** The spec of `field`, widened for code that walks the table. */
export function tenantField(field: TenantField): TenantFieldSpec {
  return TENANT_FIELDS[field];
}
