import { describe, expect, it } from 'vitest';
import { customizeMessages, partClass, readCustomization } from './customization.js';
import { messagesFor, messagesOf } from './messages.js';
import { fr } from './messages.fr.js';
import { customizationProblems, readRenderContext } from './normalize.js';

const KEYS = Object.keys(messagesFor('en'));
const read = (raw: unknown) => readCustomization(raw, KEYS);

describe('reading a customisation', () => {
  it('keeps classes per part, texts per locale and the unstyled mode', () => {
    const { value, problems } = read({
      classes: { button: ' btn  btn-outline-dark ', card: 'card shadow-sm', input: 'form-control' },
      texts: { en: { showAll: 'Everything', itemCount: { one: '{count} product', other: '{count} products' } } },
      unstyled: true,
    });
    expect(problems).toEqual([]);
    expect(value).toEqual({
      classes: { button: 'btn btn-outline-dark', card: 'card shadow-sm', input: 'form-control' },
      texts: { en: { showAll: 'Everything', itemCount: { one: '{count} product', other: '{count} products' } } },
      unstyled: true,
    });
  });

  it('names every entry it cannot use and keeps the rest', () => {
    const { value, problems } = read({
      classes: { button: 'btn', buton: 'x', card: 'aisle-card mine', grid: 42 },
      texts: {
        en: { showAll: 'All', showAl: 'x', itemCount: '{n} items', sale: { one: 'a', other: 'b' }, home: '' },
        de: { home: 'Start' },
      },
      unstyled: 'yes',
      colours: {},
    });
    expect(value).toEqual({ classes: { button: 'btn' }, texts: { en: { showAll: 'All' } }, unstyled: false });
    expect(problems).toEqual([
      'customization.colours is not a customisation Aisle knows (classes, texts, unstyled)',
      expect.stringMatching(/^customization\.classes\.buton is not a part \(root, breadcrumbs/),
      `customization.classes.card: "aisle-card" is one of Aisle's own class names`,
      'customization.classes.grid is not a string',
      "customization.texts.en.showAl is not a text of Aisle's",
      'customization.texts.en.itemCount uses {n}, but it receives {count}',
      'customization.texts.en.sale has forms for one and more, but it counts nothing',
      'customization.texts.en.home is not a non-empty string',
      'customization.texts.de is not a locale Aisle speaks (en, fr)',
      'customization.unstyled is not true or false',
    ]);
  });

  it('reads no customisation as none, and a non-object as a problem', () => {
    expect(read(undefined)).toEqual({ value: undefined, problems: [] });
    expect(read('btn')).toEqual({ value: undefined, problems: ['customization is not an object'] });
  });

  it('is part of the tenant config: usable entries kept, problems named from the raw context', () => {
    const raw = { config: { id: 'maple', customization: { classes: { button: 'btn', nope: 'x' } } } };
    const result = readRenderContext(raw);
    expect(result.ok && result.context.config.customization?.classes).toEqual({ button: 'btn' });
    expect(customizationProblems(raw)).toEqual([expect.stringMatching(/^customization\.classes\.nope is not a part/)]);
    expect(customizationProblems({ config: { id: 'maple' } })).toEqual([]);
  });
});

describe('texts of the retailer', () => {
  it('replace Aisle words, fill values the locale way and choose the plural form by its rules', () => {
    const { value } = read({
      texts: {
        en: {
          showAll: 'Everything',
          showingOf: '{shown} / {total}',
          itemCount: { one: '1 thing', other: '{count} things' },
        },
        fr: { itemCount: { one: '{count} produit', other: '{count} produits' } },
      },
    });
    const en = customizeMessages(messagesFor('en'), 'en', value);
    expect(en.showAll).toBe('Everything');
    expect(en.showingOf(1200, 34567)).toBe('1,200 / 34,567');
    expect(en.itemCount(1)).toBe('1 thing');
    expect(en.itemCount(0)).toBe('0 things');
    expect(en.allFilters).toBe('All Filters');
    const french = customizeMessages(fr, 'fr', value);
    // French counts 0 as singular.
    expect(french.itemCount(0)).toBe('0 produit');
    expect(french.itemCount(1500)).toMatch(/^1\s500 produits$/);
    expect(french.allFilters).toBe(fr.allFilters);
  });

  it('leaves a locale without texts as it is, and gives the same catalogue each time', () => {
    const { value } = read({ texts: { en: { showAll: 'Everything' } } });
    expect(customizeMessages(fr, 'fr', value)).toBe(fr);
    expect(customizeMessages(messagesFor('en'), 'en', undefined)).toBe(messagesFor('en'));
    expect(customizeMessages(messagesFor('en'), 'en', value)).toBe(customizeMessages(messagesFor('en'), 'en', value));
  });
});

describe('the words of a page', () => {
  it('are its locale catalogue with the retailer texts for that locale', () => {
    const read = readRenderContext({
      config: {
        id: 'maple',
        customization: { texts: { en: { allFilters: 'Refine' }, fr: { allFilters: 'Affiner' } } },
      },
      additional: { locale: 'en-US' },
    });
    if (!read.ok) throw new Error(read.error);
    expect(messagesOf(read.context).allFilters).toBe('Refine');
    expect(messagesOf(read.context).clearFilters).toBe('Clear Filters');
  });
});

describe('classes of the retailer', () => {
  it('go beside Aisle own class, never in place of it', () => {
    const { value } = read({ classes: { button: 'btn btn-primary' } });
    expect(partClass(value, 'button', 'aisle-sort__button')).toBe('aisle-sort__button btn btn-primary');
    expect(partClass(value, 'card', 'aisle-card')).toBe('aisle-card');
    expect(partClass(undefined, 'button', 'aisle-x')).toBe('aisle-x');
  });
});
