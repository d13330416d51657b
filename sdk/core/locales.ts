/**
 * The languages Aisle speaks, one row each. Everything that differs between locales starts here: how a
 * render context selects it (by its code), the Intl tag its numbers, prices, plurals and sorting follow,
 * and where its message catalogue comes from. Adding a locale is a row below plus its catalogue file
 * (`messages.<code>.ts`). The row is small on purpose: English pages download the whole table.
 */
import type { Messages } from './messages.js';
import type { Region } from './types.js';

/** What Aisle needs to know about one locale. */
export interface LocaleRow {
  /**
   * The BCP 47 tag Intl formats with. English stays en-US in Canada on purpose: it shows Canadian
   * dollars as "CA$12.99", which tells them apart from US dollars.
   */
  intl: string;
  /** A different tag in some region, for a language whose numbers or prices read differently there. */
  intlIn?: Readonly<Partial<Record<Region, string>>>;
  /**
   * Loads the catalogue before the first render of a page in this locale. Absent for the one locale
   * whose catalogue ships with the first render (English), so other languages cost English pages nothing.
   */
  load?: () => Promise<Messages>;
}

/** The shipped locales. The first is the default: a context that asks for no known locale gets it. */
const SHIPPED = {
  en: { intl: 'en-US' },
  // Aisle's French shoppers are in Canada, so French follows Canadian rules ("12,99 $") everywhere.
  fr: { intl: 'fr-CA', load: () => import('./messages.fr.js').then((m) => m.fr) },
} satisfies Record<string, LocaleRow>;

/** Language of the visible strings; the code is also the page's `lang` language subtag. */
export type Locale = keyof typeof SHIPPED;

/** Every shipped locale, the default first. */
export const LOCALES = /* @__PURE__ */ Object.keys(SHIPPED) as Locale[];

/** The locale used when nothing usable asks for another one. */
export const DEFAULT_LOCALE: Locale = 'en';

// Rows registered at run time join the shipped ones in the table itself (not a copy, which English
// pages would download too), so every lookup sees both.
type Rows = Record<string, LocaleRow | undefined>;

/**
 * Adds (or replaces) a locale at run time, through the same lookups the shipped rows use; returns the
 * cleanup that removes it again. Tests add a locale this way without touching the shipped table.
 */
export function registerLocale(code: string, row: LocaleRow): () => void {
  const key = code.trim().toLowerCase();
  const rows: Rows = SHIPPED;
  const previous = rows[key];
  rows[key] = row;
  return () => {
    if (rows[key] !== row) return;
    if (previous) rows[key] = previous;
    else delete rows[key];
  };
}

/** The row of a locale; the default's when the locale is unknown (a stale value never throws). */
export function localeRow(locale: Locale): LocaleRow {
  return (SHIPPED as Rows)[locale] ?? SHIPPED.en;
}

/** Every locale known now (shipped and registered), the default first. */
export function knownLocales(): Locale[] {
  // A locale registered at run time is a Locale by the word of whoever registered it.
  return Object.keys(SHIPPED) as Locale[];
}

/** True when `value` names a known locale exactly ("fr"), e.g. a stored setting. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(SHIPPED, value);
}

/**
 * The locale a free-form language value selects: the known locale whose code it starts with, case and
 * spaces aside ("fr", "fr_CA", "FR-ca", "french"), else the default. Non-strings select the default.
 * (No code is the start of another one, so the order of the rows does not matter.)
 */
export function localeFromText(value: unknown): Locale {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const found = Object.keys(SHIPPED).find((code) => text.startsWith(code));
  return (found as Locale | undefined) ?? DEFAULT_LOCALE;
}

/** The BCP 47 tag Intl uses for a locale (in a region, when the row sets one for it). */
export function intlTag(locale: Locale, region?: Region): string {
  const row = localeRow(locale);
  return (region && row.intlIn?.[region]) || row.intl;
}

/** A language's own name for pickers ("English", "Français"), from Intl; the code when Intl has none. */
export function localeName(locale: Locale): string {
  try {
    const name = new Intl.DisplayNames([intlTag(locale)], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(intlTag(locale)) + name.slice(1);
  } catch {
    return locale;
  }
}
