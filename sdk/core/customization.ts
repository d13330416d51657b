/**
 * `config.customization`: a retailer's classes on Aisle's parts, their own words, an unstyled mode.
 * Read from untrusted JSON: each unusable entry is named in a problem, so a typo never passes in silence.
 */
import { isRecord } from './coerce.js';
import { formatCount } from './format.js';
import { LOCALES, intlTag, type Locale } from './locales.js';
import type { Messages } from './messages.js';

/**
 * Classes go beside Aisle's own, never instead, so its layout rules keep holding. `button` and
 * `input` reach every button and field, so a Bootstrap site can give them `btn` or `form-control`.
 */
export const CUSTOMIZABLE_PARTS = [
  'root',
  'breadcrumbs',
  'heading',
  'toolbar',
  'filterButton',
  'sort',
  'chip',
  'grid',
  'card',
  'cardTitle',
  'price',
  'pager',
  'drawer',
  'popover',
  'button',
  'input',
] as const;

/** A part a retailer can put classes on. */
export type CustomizablePart = (typeof CUSTOMIZABLE_PARTS)[number];

/** Another text for a message: a string, or for a counted one a form for one thing and one for more. */
export type TextOverride = string | { one: string; other: string };

/** The customisation of a tenant, as read. */
export interface Customization {
  classes: Partial<Record<CustomizablePart, string>>;
  texts: Partial<Record<Locale, Partial<Record<keyof Messages, TextOverride>>>>;
  /** Only the rules the layout needs: colours, fonts, borders and spacing come from the page. */
  unstyled: boolean;
}

/** The placeholder names each message receives, in order: an override of `itemCount` writes `{count} products`. */
export const MESSAGE_VALUES: Partial<Record<keyof Messages, readonly string[]>> = {
  itemCount: ['count'],
  showingOf: ['shown', 'total'],
  colorsOf: ['title'],
  seeResults: ['count'],
  selectedCount: ['count'],
  filterBy: ['label'],
  removeFilter: ['label'],
  starsAndUp: ['stars'],
  ratingOutOf5: ['rating'],
  reviewCount: ['count'],
  percentOff: ['percent'],
  moreVariants: ['count'],
  showVariant: ['name'],
  priceRange: ['min', 'max'],
  page: ['page'],
  currentPage: ['page', 'pages'],
  pageBeyondEnd: ['asked', 'shown'],
  jumpTo: ['letter'],
  fitsVehicle: ['vehicle', 'year'],
  showMoreOptions: ['count'],
  showMoreOptionsOf: ['count', 'label'],
  showFewerOptionsOf: ['label'],
  searchFilter: ['label'],
  noFilterMatch: ['query'],
};

/** A customisation read from JSON, and what in it could not be used. */
export interface CustomizationRead {
  value: Customization | undefined;
  problems: string[];
}

/** Longest class list a part takes (a guard against pasted stylesheets, not a style rule). */
const MAX_CLASS_LIST = 300;
const MAX_TEXT = 300;

function readClassList(part: string, raw: unknown): string | { problem: string } {
  if (typeof raw !== 'string') return { problem: `classes.${part} is not a string` };
  const tokens = raw.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return { problem: `classes.${part} is empty` };
  if (raw.length > MAX_CLASS_LIST) return { problem: `classes.${part} is longer than ${MAX_CLASS_LIST} characters` };
  // Aisle's own names belong to its rules and its tests: a retailer's class that reused one would
  // restyle another part, or be taken for it.
  const own = tokens.find((token) => token.startsWith('aisle-'));
  if (own) return { problem: `classes.${part}: "${own}" is one of Aisle's own class names` };
  return tokens.join(' ');
}

function unknownPlaceholders(key: keyof Messages, text: string): string[] {
  const names = MESSAGE_VALUES[key] ?? [];
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => !names.includes(name));
}

function readText(where: string, key: keyof Messages, raw: unknown): TextOverride | { problem: string } {
  const check = (text: unknown, label: string): string | { problem: string } => {
    if (typeof text !== 'string' || text.trim() === '') return { problem: `${label} is not a non-empty string` };
    if (text.length > MAX_TEXT) return { problem: `${label} is longer than ${MAX_TEXT} characters` };
    const unknown = unknownPlaceholders(key, text);
    if (unknown.length) {
      const known = MESSAGE_VALUES[key] ?? [];
      const offered = known.length ? `it receives ${known.map((n) => `{${n}}`).join(', ')}` : 'it receives no value';
      return { problem: `${label} uses ${unknown.map((n) => `{${n}}`).join(', ')}, but ${offered}` };
    }
    return text;
  };
  if (isRecord(raw)) {
    if (!MESSAGE_VALUES[key]?.some((name) => ['count', 'stars', 'page', 'pages', 'percent'].includes(name)))
      return { problem: `${where} has forms for one and more, but it counts nothing` };
    const one = check(raw.one, `${where}.one`);
    const other = check(raw.other, `${where}.other`);
    if (typeof one !== 'string') return one;
    if (typeof other !== 'string') return other;
    return { one, other };
  }
  return check(raw, where);
}

/** Reads `config.customization`: an unusable entry is left out and named, the rest is kept. */
export function readCustomization(raw: unknown, messageKeys: readonly string[]): CustomizationRead {
  if (raw === undefined || raw === null) return { value: undefined, problems: [] };
  if (!isRecord(raw)) return { value: undefined, problems: ['customization is not an object'] };
  const problems: string[] = [];
  const value: Customization = { classes: {}, texts: {}, unstyled: false };
  for (const key of Object.keys(raw))
    if (!['classes', 'texts', 'unstyled'].includes(key))
      problems.push(`customization.${key} is not a customisation Aisle knows (classes, texts, unstyled)`);

  if (raw.classes !== undefined) {
    if (!isRecord(raw.classes)) problems.push('customization.classes is not an object');
    else
      for (const [part, list] of Object.entries(raw.classes)) {
        if (!(CUSTOMIZABLE_PARTS as readonly string[]).includes(part)) {
          problems.push(`customization.classes.${part} is not a part (${CUSTOMIZABLE_PARTS.join(', ')})`);
          continue;
        }
        const read = readClassList(part, list);
        if (typeof read === 'string') value.classes[part as CustomizablePart] = read;
        else problems.push(`customization.${read.problem}`);
      }
  }

  if (raw.texts !== undefined) {
    if (!isRecord(raw.texts)) problems.push('customization.texts is not an object');
    else
      for (const [code, table] of Object.entries(raw.texts)) {
        const locale = code.trim().toLowerCase();
        if (!(LOCALES as readonly string[]).includes(locale)) {
          problems.push(`customization.texts.${code} is not a locale Aisle speaks (${LOCALES.join(', ')})`);
          continue;
        }
        if (!isRecord(table)) {
          problems.push(`customization.texts.${code} is not an object`);
          continue;
        }
        const texts: Partial<Record<keyof Messages, TextOverride>> = {};
        for (const [key, text] of Object.entries(table)) {
          const where = `customization.texts.${code}.${key}`;
          if (!messageKeys.includes(key)) {
            problems.push(`${where} is not a text of Aisle's`);
            continue;
          }
          const read = readText(where, key as keyof Messages, text);
          if (typeof read === 'object' && 'problem' in read) problems.push(read.problem);
          else texts[key as keyof Messages] = read;
        }
        value.texts[locale as Locale] = { ...value.texts[locale as Locale], ...texts };
      }
  }

  if (raw.unstyled !== undefined) {
    if (typeof raw.unstyled === 'boolean') value.unstyled = raw.unstyled;
    else problems.push('customization.unstyled is not true or false');
  }
  return { value, problems };
}

function fill(text: string, names: readonly string[], args: readonly unknown[], locale: Locale): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const at = names.indexOf(name);
    if (at < 0) return whole;
    const arg = args[at];
    return typeof arg === 'number' ? formatCount(arg, locale) : String(arg);
  });
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralOf(locale: Locale, count: number): 'one' | 'other' {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(intlTag(locale))));
  return rules.select(count) === 'one' ? 'one' : 'other';
}

const customized = new WeakMap<Messages, Map<object, Messages>>();

/** A locale's catalogue with the retailer's texts; kept, so a view reading it twice gets the same object. */
export function customizeMessages(base: Messages, locale: Locale, customization: Customization | undefined): Messages {
  const texts = customization?.texts[locale];
  if (!texts || Object.keys(texts).length === 0) return base;
  let byTexts = customized.get(base);
  if (!byTexts) customized.set(base, (byTexts = new Map()));
  const kept = byTexts.get(texts);
  if (kept) return kept;
  const out: Record<string, unknown> = { ...base };
  for (const [key, text] of Object.entries(texts) as [keyof Messages, TextOverride][]) {
    const names = MESSAGE_VALUES[key];
    if (!names) {
      out[key] = typeof text === 'string' ? text : text.other;
      continue;
    }
    const counted = names.findIndex((name) => ['count', 'stars', 'page', 'pages', 'percent'].includes(name));
    out[key] = (...args: unknown[]): string => {
      const form =
        typeof text === 'string' ? text : pluralOf(locale, Number(args[counted])) === 'one' ? text.one : text.other;
      return fill(form, names, args, locale);
    };
  }
  const messages = out as unknown as Messages;
  byTexts.set(texts, messages);
  return messages;
}

/** The retailer's classes per part. */
export type PartClasses = Customization['classes'];

/** Aisle's own class with the retailer's beside it. */
export function partClass(customization: Customization | undefined, part: CustomizablePart, own: string): string {
  return partClasses(customization?.classes, own, part);
}

/** `own` with the retailer's classes of each of `parts` (an element may be two parts at once), each name once. */
export function partClasses(classes: PartClasses | undefined, own: string, ...parts: CustomizablePart[]): string {
  const extra = classes ? parts.map((part) => classes[part]).filter(Boolean) : [];
  if (extra.length === 0) return own;
  return [...new Set(`${own} ${extra.join(' ')}`.split(' ').filter(Boolean))].join(' ');
}
