/**
 * The languages Aisle speaks, one row each: adding a locale is a row plus its `messages.<code>.ts`.
 * Rows stay small on purpose: English pages download the whole table.
 */
import type { Messages } from './messages.js';
import type { Region } from './types.js';

/** What Aisle needs to know about one locale. */
export interface LocaleRow {
  /** English stays en-US in Canada on purpose: "CA$12.99" tells Canadian dollars from US ones. */
  intl: string;
  intlIn?: Readonly<Partial<Record<Region, string>>>;
  /** Absent for English, whose catalogue ships with the first render: other languages cost it nothing. */
  load?: () => Promise<Messages>;
}

/** The first is the default. */
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

// Registered rows join the shipped table itself: a copy would be downloaded by English pages too.
type Rows = Record<string, LocaleRow | undefined>;

/** Adds (or replaces) a locale at run time, as tests do; returns the cleanup. */
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

/** The default's row for an unknown locale: a stale value never throws. */
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

/** The known locale a free-form value starts with ("fr_CA", "french"), else the default. */
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
