/**
 * The languages Aisle speaks, one row each. Everything that differs between locales starts here: how a
 * render context selects it, the Intl tag its numbers, prices, plurals and sorting follow, the name a
 * picker shows, and where its message catalogue comes from. Adding a locale is a row below plus its
 * catalogue file (`messages.<code>.ts`).
 */
import type { Messages } from './messages.js';
import type { Region } from './types.js';

/** What Aisle needs to know about one locale. */
export interface LocaleRow {
  /** The language's own name, for pickers ("Français"). */
  name: string;
  /**
   * The BCP 47 tag Intl formats with, per region. English stays en-US in Canada on purpose: it shows
   * Canadian dollars as "CA$12.99", which tells them apart from US dollars.
   */
  intl: Readonly<Record<Region, string>>;
  /**
   * Loads the catalogue before the first render of a page in this locale. Absent for the one locale
   * whose catalogue ships with the first render (English), so other languages cost English pages nothing.
   */
  load?: () => Promise<Messages>;
}

/** The shipped locales. The first is the default: a context that asks for no known locale gets it. */
const SHIPPED = {
  en: { name: 'English', intl: { us: 'en-US', ca: 'en-US' } },
  fr: {
    name: 'Français',
    // Aisle's French shoppers are in Canada, so French follows Canadian rules ("12,99 $") everywhere.
    intl: { us: 'fr-CA', ca: 'fr-CA' },
    load: () => import('./messages.fr.js').then((m) => m.fr),
  },
} as const satisfies Record<string, LocaleRow>;

/** Language of the visible strings; the code is also the page's `lang` language subtag. */
export type Locale = keyof typeof SHIPPED;

/** Every shipped locale, the default first. */
export const LOCALES = Object.keys(SHIPPED) as Locale[];

/** The locale used when nothing usable asks for another one. */
export const DEFAULT_LOCALE: Locale = 'en';

const rows = new Map<string, LocaleRow>(Object.entries(SHIPPED));

/**
 * Adds (or replaces) a locale at run time, through the same lookups the shipped rows use; returns the
 * cleanup that removes it again. Tests add a locale this way without touching the shipped table.
 */
export function registerLocale(code: string, row: LocaleRow): () => void {
  const key = code.trim().toLowerCase();
  const previous = rows.get(key);
  rows.set(key, row);
  return () => {
    if (rows.get(key) !== row) return;
    if (previous) rows.set(key, previous);
    else rows.delete(key);
  };
}

/** The row of a locale; the default's when the locale is unknown (a stale value never throws). */
export function localeRow(locale: Locale): LocaleRow {
  return rows.get(locale) ?? SHIPPED[DEFAULT_LOCALE];
}

/** Every locale known now (shipped and registered), the default first. */
export function knownLocales(): Locale[] {
  // A locale registered at run time is a Locale by the word of whoever registered it.
  return [...rows.keys()] as Locale[];
}

/** True when `value` names a known locale exactly ("fr"), e.g. a stored setting. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && rows.has(value);
}

/**
 * The locale a free-form language value selects: the known locale whose code it starts with, case and
 * spaces aside ("fr", "fr_CA", "FR-ca", "french"), else the default. Non-strings select the default.
 */
export function localeFromText(value: unknown): Locale {
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  const text = value.trim().toLowerCase();
  for (const code of rows.keys()) {
    if (code !== DEFAULT_LOCALE && text.startsWith(code)) return code as Locale;
  }
  return DEFAULT_LOCALE;
}

/** The BCP 47 tag Intl uses for a locale in a region (the first region's when none is given). */
export function intlTag(locale: Locale, region: Region = 'us'): string {
  return localeRow(locale).intl[region];
}
