/**
 * The report's aggregates: per shop and UTC day (of the events' own timestamps), the counts the report
 * sums, kept by database triggers as events are stored and deleted, and rebuilt from the events on
 * demand. Each store writes the same tables in its own dialect (reportSqlite.ts, reportPostgres.ts).
 */

/** One aggregate table: its key columns and the counts added up under each key. */
export interface Aggregate {
  table: string;
  keys: readonly string[];
  counts: readonly string[];
  /** Text kept beside the counts: the greatest (in byte order) ever counted, never taken away. */
  labels?: readonly string[];
  /** The event names that change it (the others never reach its triggers). */
  events: readonly string[];
}

/** Count columns that may outgrow a 32-bit integer (PostgreSQL's `integer`): sums of money. */
export const WIDE_COUNTS: readonly string[] = ['revenue_milli'];

const CARDS = ['ecommerce:product_impressions', 'ecommerce:product_click'];

/** Impressions and clicks by position, by product, the result sets shown, and each vital's values. */
export const AGGREGATES = {
  positions: {
    table: 'report_positions',
    keys: ['shop_id', 'day', 'listing', 'position'],
    counts: ['impressions', 'clicks'],
    events: CARDS,
  },
  products: {
    table: 'report_products',
    keys: ['shop_id', 'day', 'listing', 'product_id'],
    counts: ['impressions', 'clicks'],
    // The product's name as its clicks carried it (impressions carry none).
    labels: ['name'],
    events: CARDS,
  },
  resultSets: {
    table: 'report_result_sets',
    keys: ['shop_id', 'day', 'listing'],
    counts: ['result_sets', 'empty'],
    events: ['search:display_results'],
  },
  // Each filter and value in the address of a result set shown, and how many of those were empty.
  emptyFilters: {
    table: 'report_filters',
    keys: ['shop_id', 'day', 'listing', 'param', 'param_value'],
    counts: ['result_sets', 'empty'],
    events: ['search:display_results'],
  },
  // The p75 is a rank, so each distinct value is kept with how often it came: exact, not a sketch.
  vitals: {
    table: 'report_vitals',
    keys: ['shop_id', 'day', 'device_class', 'metric', 'value'],
    counts: ['samples'],
    events: ['page:web_vitals'],
  },
  // Each product of an add to cart or a purchase, under the listing and position of the click it is
  // attributed to (listing '' and position 0: none, one row per key in both databases); revenue in
  // thousandths, so that sums are exact.
  conversions: {
    table: 'report_conversions',
    keys: ['shop_id', 'day', 'listing', 'position', 'product_id'],
    counts: ['adds', 'purchases', 'units', 'revenue_milli'],
    labels: ['currency'],
    events: ['ecommerce:add_to_cart', 'ecommerce:purchase'],
  },
} as const satisfies Record<string, Aggregate>;

/** The aggregates the fourth PostgreSQL migration (and SQLite's schema 3) created, before conversions. */
export const FIRST_AGGREGATES: readonly Aggregate[] = [
  AGGREGATES.positions,
  AGGREGATES.products,
  AGGREGATES.resultSets,
  AGGREGATES.emptyFilters,
  AGGREGATES.vitals,
];

/** The aggregates in a fixed order. */
export const AGGREGATE_LIST: readonly Aggregate[] = Object.values(AGGREGATES);

/**
 * Adds (`sign` 1) or takes away (`sign` -1) the counts that `select` computes (the aggregate's keys,
 * counts then labels, one row per key) to the stored ones; `collate` compares labels byte-wise. `WHERE true` settles SQLite's parse of
 * INSERT … SELECT … ON CONFLICT; rows are sorted so that concurrent writers lock keys in one order.
 */
export function upsertCounts(aggregate: Aggregate, select: string, sign: 1 | -1, collate = ''): string {
  const { table, keys, counts, labels = [] } = aggregate;
  const signed = counts.map((count) => (sign === 1 ? count : `-${count}`));
  const columns = [...keys, ...counts, ...labels];
  const greater = (label: string) =>
    `${label} = CASE WHEN ${table}.${label} IS NULL OR excluded.${label}${collate} > ${table}.${label}${collate} ` +
    `THEN excluded.${label} ELSE ${table}.${label} END`;
  return `INSERT INTO ${table} (${columns.join(', ')})
    SELECT ${[...keys, ...signed, ...labels].join(', ')} FROM (${select}) counted WHERE true ORDER BY ${keys.join(', ')}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET
    ${[...counts.map((count) => `${count} = ${table}.${count} + excluded.${count}`), ...labels.map(greater)].join(', ')}`;
}

/**
 * The query parameters of a listing's address that narrow its results (see docs/embedding.md): one
 * `filters=KEY~VALUE~VALUE…` per facet, `price`, `range` and `attributes`. Sort and page do not.
 */
export const FILTER_PARAMS = ['filters', 'price', 'range', 'attributes'];

/** The SQL condition that keeps a query parameter named `param` as a filter. */
export const IS_FILTER = `param IN (${FILTER_PARAMS.map((name) => `'${name}'`).join(', ')})`;

/** A report's period cut into the whole UTC days read from the aggregates and the rest read from events. */
export interface PeriodSpans {
  /** First whole day (`YYYY-MM-DD`) and the day after the last; equal when there is none. */
  dayFrom: string;
  dayTo: string;
  /** Two [from, to) time spans read from the events themselves (either may be empty). */
  edges: [[string, string], [string, string]];
}

const DAY_MS = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Splits [from, to) into whole days and the partial days at either end. `fromEvents` reads the whole
 * period from the events (what the report did before aggregates; the tests compare the two).
 */
export function splitPeriod(from: string, to: string, fromEvents = false): PeriodSpans {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(end / DAY_MS) * DAY_MS;
  if (fromEvents || firstDay >= lastDay) {
    return {
      dayFrom: '1970-01-01',
      dayTo: '1970-01-01',
      edges: [
        [iso(start), iso(end)],
        [iso(end), iso(end)],
      ],
    };
  }
  return {
    dayFrom: iso(firstDay).slice(0, 10),
    dayTo: iso(lastDay).slice(0, 10),
    edges: [
      [iso(start), iso(firstDay)],
      [iso(lastDay), iso(end)],
    ],
  };
}
