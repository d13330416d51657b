/**
 * The report's tables as CSV (`GET /v3/report?…&format=csv&table=NAME`), for a spreadsheet. Cells are
 * quoted as RFC 4180 says, and a text cell a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return: a product name or a listing path can) is opened
 * with a `'`, so it shows as text.
 */
import type { ShopReport } from './report.js';
import type { ConversionFigures } from './reportConversions.js';

/** The tables a report exports, by the name `table=` takes. */
export const REPORT_TABLES = [
  'listings',
  'positions',
  'products',
  'empty_filters',
  'vitals',
  'best_sellers',
  'sales',
] as const;
/** One of `REPORT_TABLES`. */
export type ReportTable = (typeof REPORT_TABLES)[number];

type Cell = string | number | null;

/** One cell as CSV: numbers as they are, text defused and quoted when it must be. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

const SALES_HEADER = ['adds_to_cart', 'conversions', 'units', 'revenue', 'conversion_rate'];
const salesCells = (f: ConversionFigures): Cell[] => [
  f.addsToCart,
  f.conversions,
  f.units,
  f.revenue,
  f.conversionRate,
];

const ROWS: Record<ReportTable, (report: ShopReport) => Cell[][]> = {
  listings: (report) => [
    ['listing', 'impressions', 'clicks', 'ctr', 'result_sets', 'empty_share', ...SALES_HEADER],
    ...report.listings.map((l) => [
      l.listing,
      l.impressions,
      l.clicks,
      l.ctr,
      l.resultSets,
      l.emptyShare,
      ...salesCells(l),
    ]),
  ],
  positions: (report) => [
    ['listing', 'position', 'impressions', 'clicks', 'ctr', ...SALES_HEADER],
    ...report.listings.flatMap((l) =>
      l.byPosition.map((p) => [l.listing, p.position, p.impressions, p.clicks, p.ctr, ...salesCells(p)]),
    ),
  ],
  best_sellers: (report) => [
    ['listing', 'rank', 'product_id', 'name', 'clicks', ...SALES_HEADER],
    ...report.listings.flatMap((l) =>
      l.bestSellers.map((p, rank) => [l.listing, rank + 1, p.productId, p.name, p.clicks, ...salesCells(p)]),
    ),
  ],
  sales: ({ sales }) => [
    [
      'currency',
      'adds_to_cart',
      'conversions',
      'units',
      'revenue',
      'attributed_adds_to_cart',
      'attributed_conversions',
      'attributed_revenue',
    ],
    [
      sales.currency,
      sales.addsToCart,
      sales.conversions,
      sales.units,
      sales.revenue,
      sales.attributedAddsToCart,
      sales.attributedConversions,
      sales.attributedRevenue,
    ],
  ],
  products: (report) => [
    ['listing', 'list', 'rank', 'product_id', 'name', 'impressions', 'clicks', 'ctr', 'ctr_low', 'ctr_high'],
    ...report.listings.flatMap((l) =>
      (['mostClicked', 'leastClicked'] as const).flatMap((list) =>
        l[list].map((p, rank) => [
          l.listing,
          list === 'mostClicked' ? 'most' : 'least',
          rank + 1,
          p.productId,
          p.name,
          p.impressions,
          p.clicks,
          p.ctr,
          p.ctrLow,
          p.ctrHigh,
        ]),
      ),
    ),
  ],
  empty_filters: (report) => [
    ['listing', 'filter', 'value', 'empty', 'result_sets'],
    ...report.listings.flatMap((l) => l.emptyFilters.map((f) => [l.listing, f.filter, f.value, f.empty, f.resultSets])),
  ],
  vitals: (report) => [
    ['device_class', 'metric', 'p75', 'samples'],
    ...report.vitals.map((v) => [v.deviceClass, v.metric, v.p75, v.samples]),
  ],
};

/** One table of a report as CSV text, header first, CRLF line ends. */
export function csvTable(report: ShopReport, table: ReportTable): string {
  return ROWS[table](report)
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}
