/** What the database computes for a merchandiser's report (`GET /v3/report`); each store runs its own SQL. */

/** Impressions and clicks at one position of a listing's results. */
export interface PositionRow {
  listing: string;
  position: number;
  impressions: number;
  clicks: number;
}

/** One product of a listing: listing views it was seen in, clicks on it once seen, and their ratio. */
export interface ProductRow {
  listing: string;
  productId: string;
  /** The name its clicks carried (null when none did). */
  name: string | null;
  impressions: number;
  clicks: number;
  ctr: number;
}

/** A listing's result sets shown, and how many had no results. */
export interface ResultSetRow {
  listing: string;
  resultSets: number;
  empty: number;
}

/** A filter and value (as the address held them) in a listing's result sets, and how many were empty. */
export interface FilterRow {
  listing: string;
  param: string;
  value: string;
  resultSets: number;
  empty: number;
}

/** The p75 of one Web Vital for one device class, over `samples` page views. */
export interface VitalRow {
  deviceClass: string;
  metric: 'lcp_ms' | 'inp_ms' | 'cls' | 'ttfb_ms';
  p75: number;
  samples: number;
}

/**
 * Conversions of one product under the listing and position of the click they are attributed to
 * (`listing` null and `position` 0: no click in the window led there).
 */
export interface ConversionRow {
  listing: string | null;
  position: number;
  productId: string;
  /** Adds to cart and purchases (each counts once per product of the event). */
  adds: number;
  purchases: number;
  /** Units bought, and their revenue (quantity × unit price, in the shop's currency). */
  units: number;
  revenue: number;
  currency: string | null;
}

/** The report's aggregates for one shop and period; products are ordered by click-through, best first. */
export interface ReportRows {
  conversions: ConversionRow[];
  positions: PositionRow[];
  products: ProductRow[];
  resultSets: ResultSetRow[];
  vitals: VitalRow[];
  /** Only filter values that came back empty at least once. */
  emptyFilters: FilterRow[];
}

/** The Web Vitals the report gives a p75 for, as `page:web_vitals` names them. */
export const REPORT_VITALS = ['lcp_ms', 'inp_ms', 'cls', 'ttfb_ms'] as const;

/** Largest number the report reads from a stored event; beyond it (or of the wrong kind) a field counts as absent. */
export const MOST_REPORTED_NUMBER = 1e300;
