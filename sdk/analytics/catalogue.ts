/**
 * The fields each event promises integrators. One description serves the validator (the inspector
 * flags events that break it) and a test that keeps docs/analytics-events.md in agreement.
 */
import { validate as isUuid, version as uuidVersion } from 'uuid';
import { isRecord } from '../core/coerce.js';

/** The kinds of value a field holds. */
export type FieldType =
  'string' | 'number' | 'integer' | 'object' | 'string[]' | 'filter-value' | 'impressions' | 'line-items';

/** Extra checks beyond the type. */
export type FieldFormat = 'uuid-v4' | 'iso-utc' | 'one-based' | 'non-negative' | 'result-id' | 'http-url';

/** What one field must look like. */
export interface FieldSpec {
  type: FieldType;
  required: boolean;
  /** `null` is a valid value (e.g. a variant that does not exist). */
  nullable?: boolean;
  format?: FieldFormat;
  /** The only values allowed, when the field is an enumeration. */
  values?: readonly string[];
  /** Words the documentation uses for this field's values without being fields themselves. */
  mentions?: readonly string[];
}

/** The fields of one event: in `data` itself, and in `data.metadata`. */
export interface EventSpec {
  data: Readonly<Record<string, FieldSpec>>;
  metadata: Readonly<Record<string, FieldSpec>>;
}

const str = (required = true, extra: Partial<FieldSpec> = {}): FieldSpec => ({ type: 'string', required, ...extra });
const int = (format: FieldFormat): FieldSpec => ({ type: 'integer', required: true, format });

/** The envelope every event is sent in. */
export const ENVELOPE: Readonly<Record<string, FieldSpec>> = {
  id: str(true, { format: 'uuid-v4' }),
  seq: int('non-negative'),
  event: str(),
  data: { type: 'object', required: true },
  url: str(true, { format: 'http-url' }),
  timestamp: str(true, { format: 'iso-utc' }),
  environment: str(true, { values: ['production', 'staging', 'development'], mentions: ['qa'] }),
};

/** The fields any event's `data` may carry (each event says which it requires). */
export const ENVELOPE_DATA: Readonly<Record<string, FieldSpec>> = {
  page_type: str(false),
  page_title: str(false),
  referrer: str(false),
  metadata: { type: 'object', required: true },
};

/** The session's global metadata, merged under every event's `data.metadata`. */
export const GLOBAL_METADATA: Readonly<Record<string, FieldSpec>> = {
  config_id: str(),
  locale: str(),
  region: str(),
  sdk_version: str(),
};

const filterEvent: EventSpec = {
  data: {},
  metadata: {
    key: str(),
    value: { type: 'filter-value', required: true, mentions: ['[min, max]'] },
  },
};

// What a conversion carries (sdk/core/conversion.ts checks each product).
const conversion = (withOrder: boolean): EventSpec => ({
  data: {},
  metadata: {
    items: { type: 'line-items', required: true, mentions: ['product_id', 'quantity', 'price'] },
    currency: str(),
    ...(withOrder ? { order_id: str() } : {}),
  },
});

const measure: FieldSpec = { type: 'number', required: true, nullable: true, format: 'non-negative' };
const selector = str(true, { nullable: true });

/** Every event the client records, by name. */
export const EVENT_CATALOGUE: Readonly<Record<string, EventSpec>> = {
  'navigate:visit_page': {
    data: {
      page_type: str(true, { mentions: ['unknown'] }),
      page_title: str(),
      referrer: str(),
    },
    metadata: { redirected_from: str(true, { nullable: true }) },
  },
  'ecommerce:product_click': {
    data: {},
    metadata: {
      list_name: str(true, { values: ['search_results', 'similar_products'] }),
      list_position: int('one-based'),
      product_id: str(),
      brand: str(true, { nullable: true }),
      name: str(),
      price: { type: 'number', required: true, format: 'non-negative' },
      variant_id: str(true, { nullable: true }),
      variant_name: str(true, { nullable: true }),
      sale_price: { type: 'number', required: true, nullable: true, format: 'non-negative' },
      // Results grid only, and only once the app counts impressions (a click on the first paint has none).
      listing_view_id: str(false, { nullable: true, format: 'uuid-v4' }),
    },
  },
  'search:filter_add': filterEvent,
  'search:filter_remove': filterEvent,
  'search:sort': { data: {}, metadata: { sort: str(true, { mentions: ['sortBy_order'] }) } },
  'ecommerce:product_impressions': {
    data: {},
    metadata: {
      list_name: str(true, { values: ['search_results', 'similar_products'] }),
      listing_view_id: str(true, { format: 'uuid-v4' }),
      result_set: str(),
      products: { type: 'impressions', required: true, mentions: ['product_id', 'list_position', 'page_number'] },
    },
  },
  'page:web_vitals': {
    data: {},
    metadata: {
      lcp_ms: measure,
      lcp_element: selector,
      inp_ms: measure,
      inp_interaction: str(true, { nullable: true, mentions: ['pointer', 'keyboard'] }),
      cls: measure,
      cls_element: selector,
      ttfb_ms: measure,
      first_screen_ms: measure,
      take_over_ms: measure,
      filter_update_ms: measure,
      device_class: str(true, { values: ['mobile', 'tablet', 'desktop'] }),
    },
  },
  'ecommerce:add_to_cart': conversion(false),
  'ecommerce:purchase': conversion(true),
  'search:display_results': {
    data: {},
    metadata: {
      filters_applied_count: int('non-negative'),
      latency_ms: { type: 'number', required: true, format: 'non-negative' },
      page_number: int('one-based'),
      page_size: int('one-based'),
      result_count: int('non-negative'),
      query: str(),
      result_ids: { type: 'string[]', required: true, format: 'result-id', mentions: ['productId:variantId'] },
      search_type: str(true, { values: ['dlp'] }),
    },
  },
};

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const RESULT_ID = /^[^:]+:[^:]*$/;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}

function isImpression(item: unknown): boolean {
  if (!isRecord(item)) return false;
  const { product_id: id, list_position: position, page_number: page } = item;
  const oneBased = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 1;
  return typeof id === 'string' && id !== '' && oneBased(position) && oneBased(page);
}

function isLineItem(item: unknown): boolean {
  if (!isRecord(item)) return false;
  const { product_id: id, quantity, price } = item;
  return (
    typeof id === 'string' &&
    id !== '' &&
    Number.isSafeInteger(quantity) &&
    (quantity as number) >= 1 &&
    typeof price === 'number' &&
    Number.isFinite(price) &&
    price >= 0
  );
}

function typeProblem(value: unknown, spec: FieldSpec): string | null {
  switch (spec.type) {
    case 'string':
      return typeof value === 'string' ? null : 'a string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'a number';
    case 'integer':
      return Number.isSafeInteger(value) ? null : 'a whole number';
    case 'object':
      return isRecord(value) ? null : 'an object';
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? null : 'a list of strings';
    case 'impressions':
      return Array.isArray(value) && value.length > 0 && value.every(isImpression)
        ? null
        : 'a non-empty list of { product_id, list_position, page_number } (positions and pages 1 or more)';
    case 'line-items':
      return Array.isArray(value) && value.length > 0 && value.every(isLineItem)
        ? null
        : 'a non-empty list of { product_id, quantity, price } (quantities 1 or more, prices 0 or more)';
    case 'filter-value': {
      const range =
        Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number' && Number.isFinite(v));
      return typeof value === 'string' || range ? null : 'an option key or a [min, max] pair';
    }
  }
}

function formatProblem(value: unknown, format: FieldFormat | undefined): string | null {
  switch (format) {
    case 'uuid-v4':
      return typeof value === 'string' && isUuid(value) && uuidVersion(value) === 4 ? null : 'a UUID v4';
    case 'iso-utc':
      return typeof value === 'string' && ISO_UTC.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : 'an ISO 8601 UTC time (e.g. 2025-03-01T12:00:00.000Z)';
    case 'one-based':
      return typeof value === 'number' && value >= 1 ? null : 'one-based (1 or more)';
    case 'non-negative':
      return typeof value === 'number' && value >= 0 ? null : '0 or more';
    case 'result-id':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && RESULT_ID.test(v))
        ? null
        : 'productId:variantId for every product';
    case 'http-url':
      try {
        return typeof value === 'string' && /^https?:$/.test(new URL(value).protocol) ? null : 'an http(s) URL';
      } catch {
        return 'an http(s) URL';
      }
    case undefined:
      return null;
  }
}

function checkFields(
  where: string,
  object: Record<string, unknown>,
  fields: Readonly<Record<string, FieldSpec>>,
  problems: string[],
): void {
  for (const [name, spec] of Object.entries(fields)) {
    const path = where ? `${where}.${name}` : name;
    if (!(name in object) || object[name] === undefined) {
      if (spec.required) problems.push(`${path} is missing`);
      continue;
    }
    const value = object[name];
    if (value === null) {
      if (!spec.nullable) problems.push(`${path} is null`);
      continue;
    }
    const expected = typeProblem(value, spec) ?? formatProblem(value, spec.format);
    if (expected) {
      problems.push(`${path} should be ${expected}, not ${describe(value)}`);
      continue;
    }
    if (spec.values && !spec.values.includes(value as string))
      problems.push(`${path} should be one of ${spec.values.join(', ')}, not ${describe(value)}`);
  }
}

/**
 * What is wrong with `payload` as an analytics event, in plain words; empty when it keeps every
 * promise of the catalogue. Never throws, whatever it is given.
 */
export function validateEvent(payload: unknown): string[] {
  if (!isRecord(payload)) return ['the event is not an object'];
  const problems: string[] = [];
  checkFields('', payload, ENVELOPE, problems);
  const name = payload.event;
  const spec = typeof name === 'string' ? EVENT_CATALOGUE[name] : undefined;
  if (typeof name === 'string' && !spec) problems.push(`"${name.slice(0, 100)}" is not an event of the catalogue`);
  const data = payload.data;
  if (!isRecord(data)) return problems;
  checkFields('data', data, { ...ENVELOPE_DATA, ...spec?.data }, problems);
  const metadata = data.metadata;
  if (!isRecord(metadata)) return problems;
  checkFields('data.metadata', metadata, { ...GLOBAL_METADATA, ...spec?.metadata }, problems);
  return problems;
}
