/**
 * The kinds of the catalogued events' `data.metadata` fields (sdk/analytics/catalogue.ts), checked on
 * arrival: one stored value of the wrong kind would sit in every report of its period, so it is refused (400).
 * Only kinds are enforced: fields may be absent or null, enumerations may grow, uncatalogued events pass.
 */
import { isRecord } from '../../sdk/core/coerce.js';
import { EVENT_CATALOGUE, GLOBAL_METADATA, type FieldSpec } from '../../sdk/analytics/catalogue.js';

const isCount = (value: unknown, least: number): boolean => Number.isSafeInteger(value) && (value as number) >= least;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

// What a value of each catalogued kind must be, and how a refusal says it.
function expected(spec: FieldSpec): { accepts(value: unknown): boolean; words: string } {
  const least = spec.format === 'one-based' ? 1 : 0;
  switch (spec.type) {
    case 'integer':
      return { accepts: (value) => isCount(value, least), words: `an integer >= ${least}` };
    case 'number':
      return spec.format === 'non-negative'
        ? { accepts: (value) => isNumber(value) && value >= 0, words: 'a number >= 0' }
        : { accepts: isNumber, words: 'a number' };
    case 'string[]':
      return {
        accepts: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
        words: 'an array of strings',
      };
    case 'filter-value':
      return {
        accepts: (value) =>
          typeof value === 'string' || (Array.isArray(value) && value.length === 2 && value.every(isNumber)),
        words: 'a string or a [min, max] pair of numbers',
      };
    case 'impressions':
    case 'line-items':
      return { accepts: Array.isArray, words: 'an array of products' };
    case 'object':
      return { accepts: isRecord, words: 'an object' };
    case 'string':
      return { accepts: (value) => typeof value === 'string', words: 'a string' };
  }
}

// Each seen product of an impressions event, as the report counts it.
const IMPRESSION: Readonly<Record<string, FieldSpec>> = {
  product_id: { type: 'string', required: true },
  list_position: { type: 'integer', required: true, format: 'one-based' },
  page_number: { type: 'integer', required: true, format: 'one-based' },
};

/**
 * Why an event's `data.metadata` does not fit its type, naming the field
 * (`data.metadata.list_position must be an integer >= 1`); undefined when it fits.
 */
export function wrongEventField(event: string, metadata: Record<string, unknown>): string | undefined {
  const spec = EVENT_CATALOGUE[event];
  if (!spec) return undefined;
  const fields = { ...GLOBAL_METADATA, ...spec.metadata };
  const wrong = wrongFields('data.metadata', metadata, fields);
  if (wrong) return wrong;
  for (const [name, spec] of Object.entries(fields)) {
    const products = metadata[name];
    if (spec.type !== 'impressions' || !Array.isArray(products)) continue;
    for (const [index, product] of products.entries()) {
      const path = `data.metadata.${name}[${index}]`;
      if (!isRecord(product)) return `${path} must be an object`;
      const wrongProduct = wrongFields(path, product, IMPRESSION);
      if (wrongProduct) return wrongProduct;
    }
  }
  return undefined;
}

function wrongFields(
  where: string,
  object: Record<string, unknown>,
  fields: Readonly<Record<string, FieldSpec>>,
): string | undefined {
  for (const [name, spec] of Object.entries(fields)) {
    const value = object[name];
    if (value === undefined || value === null) continue;
    const { accepts, words } = expected(spec);
    if (!accepts(value)) return `${where}.${name} must be ${words}`;
  }
  return undefined;
}
