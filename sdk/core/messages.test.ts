import { describe, expect, it } from 'vitest';
import type { RenderContext } from './types.js';
import { localeOf, messagesFor, regionOf, type Messages } from './messages.js';

const NBSP = '\u00a0';

// Calls every entry with sample arguments, so function messages are checked like strings.
function rendered(messages: Messages): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [key, typeof value === 'function' ? value(3, 7) : value]),
  );
}

describe('messages (the visible texts in en and fr)', () => {
  const en = messagesFor('en');
  const fr = messagesFor('fr');

  it('en and fr have the same keys of the same kinds and no empty strings', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as Array<keyof Messages>) expect(typeof fr[key]).toBe(typeof en[key]);
    for (const text of [...Object.values(rendered(en)), ...Object.values(rendered(fr))]) {
      expect(text.trim()).not.toBe('');
    }
  });

  it.each<[keyof Messages, string, string]>([
    ['allFilters', 'All Filters', 'Tous les filtres'],
    ['clearFilters', 'Clear Filters', 'Effacer les filtres'],
    ['seeMore', 'See More', 'Voir plus'],
    ['seeLess', 'See Less', 'Voir moins'],
    ['relatedItems', 'Related Items', 'Articles connexes'],
    ['popularCategories', 'Popular Categories', 'Catégories populaires'],
    ['home', 'Home', 'Accueil'],
  ])('shopper-facing text %s: %j / %j', (key, english, french) => {
    expect(en[key]).toBe(english);
    expect(fr[key]).toBe(french);
  });

  it('says in both languages that a failed update leaves the previous results', () => {
    expect(en.updateFailed).toBe("Couldn't update the results. Showing the previous results.");
    expect(fr.updateFailed).toBe('Impossible de mettre à jour les résultats. Les résultats précédents sont affichés.');
  });

  it.each([
    [0, '0 items', '0 article'],
    [1, '1 item', '1 article'],
    [24, '24 items', '24 articles'],
    [1234, '1,234 items', `1${NBSP}234 articles`],
  ])('item count uses plural rules: %d', (n, english, french) => {
    expect(en.itemCount(n)).toBe(english);
    expect(fr.itemCount(n)).toBe(french);
  });

  it('formats texts with values', () => {
    expect(en.seeResults(12)).toBe('See 12 Results');
    expect(fr.seeResults(12)).toBe('Voir 12 résultats');
    expect(en.seeResults(1)).toBe('See 1 Result');
    expect(en.starsAndUp(4)).toBe('4 stars & up');
    expect(fr.starsAndUp(4)).toBe('4 étoiles et plus');
    expect(en.percentOff(25)).toBe('25% off');
    expect(fr.percentOff(25)).toBe(`25${NBSP}% de rabais`);
    expect(en.moreVariants(8)).toBe('+8 more');
    expect(en.removeFilter('Black')).toBe('Remove filter "Black"');
    expect(fr.removeFilter('Noir')).toBe(`Retirer le filtre «${NBSP}Noir${NBSP}»`);
    expect(en.jumpTo('A-B')).toBe('Jump to A-B');
    expect(fr.ratingOutOf5(4.5)).toBe('Noté 4,5 sur 5');
    expect(en.currentPage(2, 9)).toBe('Page 2 of 9');
  });
});

describe('localeOf / regionOf', () => {
  const context = (additional: RenderContext['additional'], region?: 'us' | 'ca') =>
    ({ additional, config: { region } }) as unknown as RenderContext;

  it.each([
    [{ locale: 'fr' }, 'fr'],
    [{ locale: 'fr_CA' }, 'fr'],
    [{ locale: 'FR-ca' }, 'fr'],
    [{ lang: 'fr' }, 'fr'],
    [{ locale: 'en', lang: 'fr' }, 'en'],
    [{ locale: '', lang: 'fr' }, 'fr'],
    [{ locale: 'de' }, 'en'],
    [{}, 'en'],
  ])('%j → %s', (additional, locale) => {
    expect(localeOf(context(additional))).toBe(locale);
  });

  it.each([
    [{ region: 'CA' }, undefined, 'ca'],
    [{}, 'ca', 'ca'],
    [{ region: 'us' }, 'ca', 'us'],
    [{}, undefined, 'us'],
  ] as const)('additional %j, tenant %s → %s', (additional, tenant, region) => {
    expect(regionOf(context(additional, tenant))).toBe(region);
  });
});
