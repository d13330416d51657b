import { describe, expect, it } from 'vitest';
import { decimalSeparator } from './format.js';
import {
  DEFAULT_LOCALE,
  intlTag,
  isLocale,
  knownLocales,
  localeFromText,
  localeName,
  localeRow,
  LOCALES,
  registerLocale,
  type Locale,
} from './locales.js';
import { messagesFor, type Messages } from './messages.js';
import { LOCALES as TYPES_LOCALES } from './types.js';

describe('the locale table', () => {
  it('ships English first, as the default, and French', () => {
    expect(LOCALES).toEqual(['en', 'fr']);
    expect(DEFAULT_LOCALE).toBe('en');
    // The list other modules read is the table's own, not a copy.
    expect(TYPES_LOCALES).toBe(LOCALES);
  });

  it('holds no code that starts another one, so a value selects one locale whatever the row order', () => {
    for (const code of LOCALES) {
      expect(
        LOCALES.filter((other) => other.startsWith(code)),
        code,
      ).toEqual([code]);
    }
  });

  it('bundles English and loads every other catalogue on demand', async () => {
    expect(localeRow('en').load).toBeUndefined();
    const fr = await localeRow('fr').load!();
    expect(fr.popularCategories).toBe('Catégories populaires');
  });

  it('gives each locale its Intl tag (English stays en-US in Canada for the CA$ prefix)', () => {
    expect(intlTag('en', 'us')).toBe('en-US');
    expect(intlTag('en', 'ca')).toBe('en-US');
    expect(intlTag('fr', 'ca')).toBe('fr-CA');
    expect(intlTag('fr')).toBe('fr-CA');
  });

  it('names each locale in its own language, for pickers', () => {
    expect(localeName('en')).toBe('English');
    expect(localeName('fr')).toBe('Français');
  });

  it('writes the decimal mark each locale writes', () => {
    expect(decimalSeparator('en')).toBe('.');
    expect(decimalSeparator('fr')).toBe(',');
  });
});

describe('localeFromText', () => {
  it.each([
    ['fr', 'fr'],
    ['fr_CA', 'fr'],
    [' FR-ca ', 'fr'],
    ['french', 'fr'],
    ['en_US', 'en'],
    ['de', 'en'],
    ['', 'en'],
    [42, 'en'],
    [undefined, 'en'],
  ])('%j selects %s', (text, locale) => {
    expect(localeFromText(text)).toBe(locale);
  });
});

describe('registerLocale', () => {
  it('adds a locale every lookup sees, and its cleanup removes it again', () => {
    const remove = registerLocale('de', { intl: 'de-DE', intlIn: { ca: 'de-CA' } });
    expect(localeFromText('de_DE')).toBe('de');
    expect(isLocale('de')).toBe(true);
    expect(knownLocales()).toEqual(['en', 'fr', 'de']);
    expect(intlTag('de' as Locale, 'ca')).toBe('de-CA');
    expect(intlTag('de' as Locale, 'us')).toBe('de-DE');
    expect(localeName('de' as Locale)).toBe('Deutsch');
    expect(decimalSeparator('de' as Locale)).toBe(',');
    remove();
    expect(localeFromText('de_DE')).toBe('en');
    expect(isLocale('de')).toBe(false);
    // An unknown locale never throws: it reads as the default.
    expect(intlTag('de' as Locale, 'ca')).toBe('en-US');
  });

  it('puts back the row it replaced', () => {
    const original = localeRow('fr');
    const remove = registerLocale('fr', { intl: 'fr-FR' });
    expect(intlTag('fr')).toBe('fr-FR');
    remove();
    expect(localeRow('fr')).toBe(original);
  });

  it('tells stored values that are not a locale apart', () => {
    expect(isLocale('fr')).toBe(true);
    expect(isLocale('FR')).toBe(false);
    expect(isLocale(null)).toBe(false);
  });
});

describe('every shipped catalogue', () => {
  it('has the keys of the English one, of the same kinds, and no empty text', async () => {
    const english = messagesFor(DEFAULT_LOCALE);
    for (const locale of LOCALES) {
      const load = localeRow(locale).load;
      const messages = load ? await load() : english;
      expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(messages)) {
        expect(typeof value, `${locale}.${key}`).toBe(typeof english[key as keyof Messages]);
        const text: unknown = typeof value === 'function' ? (value as (a: number, b: number) => string)(3, 7) : value;
        expect(typeof text === 'string' && text.trim() !== '', `${locale}.${key}`).toBe(true);
      }
    }
  });
});
