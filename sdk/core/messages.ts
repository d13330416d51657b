/** Every visible string and accessible name: the catalogue's shape, English, and the loaded others. */
import type { Region, RenderContext } from './types.js';
import { customizeMessages } from './customization.js';
import { formatCount, formatDecimal } from './format.js';
import { DEFAULT_LOCALE, intlTag, localeFromText, localeRow, type Locale } from './locales.js';

/** The message catalogue: plain strings, and functions for texts that hold a value. */
export interface Messages {
  home: string;
  popularCategories: string;
  breadcrumbs: string;
  breadcrumbsBottom: string;
  allFilters: string;
  filtersTitle: string;
  clearFilters: string;
  selectedFilters: string;
  sortBy: string;
  price: string;
  minPrice: string;
  maxPrice: string;
  rating: string;
  color: string;
  size: string;
  products: string;
  similarProducts: string;
  relatedItems: string;
  seeMore: string;
  seeLess: string;
  showAll: string;
  close: string;
  loading: string;
  loadingMore: string;
  loadMore: string;
  noResults: string;
  /** Said politely when a search after a shopper action failed and the previous results stay. */
  updateFailed: string;
  perPage: string;
  sale: string;
  salePrice: string;
  regularPrice: string;
  pagination: string;
  previousPage: string;
  nextPage: string;
  jumpBar: string;
  itemCount: (count: number) => string;
  showingOf: (shown: number, total: number) => string;
  colorsOf: (title: string) => string;
  seeResults: (count: number) => string;
  selectedCount: (count: number) => string;
  filterBy: (label: string) => string;
  removeFilter: (label: string) => string;
  starsAndUp: (stars: number) => string;
  ratingOutOf5: (rating: number) => string;
  reviewCount: (count: number) => string;
  percentOff: (percent: number) => string;
  moreVariants: (count: number) => string;
  showVariant: (name: string) => string;
  priceRange: (min: string, max: string) => string;
  page: (page: number) => string;
  currentPage: (page: number, pages: number) => string;
  /** A stale link asked for a page past the end of the listing; another one is shown. */
  pageBeyondEnd: (asked: number, shown: number) => string;
  jumpTo: (letter: string) => string;
  vehicleTitle: string;
  vehicle: string;
  year: string;
  chooseVehicle: string;
  chooseYear: string;
  showParts: string;
  clearVehicle: string;
  fitsVehicle: (vehicle: string, year: string) => string;
  showMoreOptions: (count: number) => string;
  /** The accessible name also says which filter. */
  showMoreOptionsOf: (count: number, label: string) => string;
  showFewerOptions: string;
  showFewerOptionsOf: (label: string) => string;
  searchFilter: (label: string) => string;
  searchFilterPlaceholder: string;
  noFilterMatch: (query: string) => string;
  priceFrom: string;
  priceTo: string;
}

/** No-break space: French typography keeps one before % and inside guillemets, so lines never split there. */
export const NBSP = '\u00a0';

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** `one` or `other` by the locale's plural rules: French counts 0 and 1 as singular ("0 article"), English only 1. */
export function plural(locale: Locale, count: number, one: string, other: string): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(intlTag(locale));
    pluralRules.set(locale, rules);
  }
  return (rules.select(count) === 'one' ? one : other).replace('{n}', formatCount(count, locale));
}

const en: Messages = {
  home: 'Home',
  popularCategories: 'Popular Categories',
  breadcrumbs: 'Breadcrumb',
  breadcrumbsBottom: 'Breadcrumb (end of page)',
  allFilters: 'All Filters',
  filtersTitle: 'Filters',
  clearFilters: 'Clear Filters',
  selectedFilters: 'Selected filters',
  sortBy: 'Sort by',
  price: 'Price',
  minPrice: 'Minimum price',
  maxPrice: 'Maximum price',
  rating: 'Rating',
  color: 'Color',
  size: 'Size',
  products: 'Products',
  similarProducts: 'Similar Products',
  relatedItems: 'Related Items',
  seeMore: 'See More',
  seeLess: 'See Less',
  showAll: 'Show All',
  close: 'Close',
  loading: 'Loading…',
  loadingMore: 'Loading more…',
  loadMore: 'Load More',
  noResults: 'No products match your selection.',
  updateFailed: "Couldn't update the results. Showing the previous results.",
  perPage: 'Per page',
  sale: 'Sale',
  salePrice: 'Sale price',
  regularPrice: 'Regular price',
  pagination: 'Pagination',
  previousPage: 'Previous',
  nextPage: 'Next',
  jumpBar: 'Jump to letter',
  itemCount: (n) => plural('en', n, '{n} item', '{n} items'),
  showingOf: (shown, total) => `Showing ${formatCount(shown, 'en')} of ${formatCount(total, 'en')}`,
  colorsOf: (title) => `Colors of ${title}`,
  seeResults: (n) => plural('en', n, 'See {n} Result', 'See {n} Results'),
  selectedCount: (n) => `${formatCount(n, 'en')} selected`,
  filterBy: (label) => `Filter by ${label}`,
  removeFilter: (label) => `Remove filter "${label}"`,
  starsAndUp: (n) => plural('en', n, '{n} star & up', '{n} stars & up'),
  ratingOutOf5: (rating) => `Rated ${formatDecimal(rating, 'en')} out of 5`,
  reviewCount: (n) => plural('en', n, '{n} review', '{n} reviews'),
  percentOff: (n) => `${formatCount(n, 'en')}% off`,
  moreVariants: (n) => `+${formatCount(n, 'en')} more`,
  showVariant: (name) => `Show ${name}`,
  priceRange: (min, max) => `${min} – ${max}`,
  page: (n) => `Page ${formatCount(n, 'en')}`,
  currentPage: (n, pages) => `Page ${formatCount(n, 'en')} of ${formatCount(pages, 'en')}`,
  pageBeyondEnd: (asked, shown) =>
    `There is no page ${formatCount(asked, 'en')} any more, so here is page ${formatCount(shown, 'en')}.`,
  jumpTo: (letter) => `Jump to ${letter}`,
  vehicleTitle: 'Shop by vehicle',
  vehicle: 'Vehicle',
  year: 'Year',
  chooseVehicle: 'Choose a vehicle',
  chooseYear: 'Choose a year',
  showParts: 'Show parts',
  clearVehicle: 'Clear vehicle',
  fitsVehicle: (vehicle, year) => `Parts that fit your ${year} ${vehicle}`,
  showMoreOptions: (n) => `Show ${formatCount(n, 'en')} more`,
  showMoreOptionsOf: (n, label) => `Show ${formatCount(n, 'en')} more ${label} ${n === 1 ? 'option' : 'options'}`,
  showFewerOptions: 'Show less',
  showFewerOptionsOf: (label) => `Show less of ${label}`,
  searchFilter: (label) => `Search ${label}`,
  searchFilterPlaceholder: 'Search',
  noFilterMatch: (query) => `Nothing matches "${query}"`,
  priceFrom: 'From',
  priceTo: 'To',
};

const catalogues: Partial<Record<string, Messages>> = { [DEFAULT_LOCALE]: en };

/** Makes a catalogue available to `messagesFor`. */
export function registerMessages(locale: Locale, messages: Messages): void {
  catalogues[locale] = messages;
}

/** True when `locale`'s catalogue is loaded. */
export function hasMessages(locale: Locale): boolean {
  return catalogues[locale] !== undefined;
}

/** The catalogue for a locale (English until that locale's one is loaded). */
export function messagesFor(locale: Locale): Messages {
  return catalogues[locale] ?? en;
}

/** Loads a locale's catalogue; undefined when there is nothing to wait for, so the page goes on in the same turn. */
export function loadMessages(locale: Locale): Promise<void> | undefined {
  const load = localeRow(locale).load;
  if (load && !catalogues[locale]) return load().then((messages) => void (catalogues[locale] = messages));
}

/** A page's locale catalogue with the retailer's own texts, for the app and the first paint alike. */
export function messagesOf(context: Pick<RenderContext, 'additional' | 'config'>): Messages {
  const locale = localeOf(context);
  return customizeMessages(messagesFor(locale), locale, context.config.customization);
}

/** The shopper's language: the locale additional.locale (else additional.lang) starts with, else English. */
export function localeOf(context: Pick<RenderContext, 'additional'>): Locale {
  const { locale, lang } = context.additional;
  return localeFromText(typeof locale === 'string' && locale.trim() !== '' ? locale : lang);
}

/** The shopper's region: additional.region, else the tenant's; `ca` or the default `us`. */
export function regionOf(context: Pick<RenderContext, 'additional' | 'config'>): Region {
  const raw = context.additional.region ?? context.config.region;
  return typeof raw === 'string' && raw.trim().toLowerCase() === 'ca' ? 'ca' : 'us';
}
