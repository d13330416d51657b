/** Every shopper-visible string the search API writes (the embed shows the texts the data carries). */
import { escapeHtml } from '../../fixtures/catalogue/index.js';
import type { Localised } from '../../fixtures/catalogue/index.js';
import { DEFAULT_LOCALE, localeFromText } from '../../sdk/core/locales.js';
import type { FilterKey, SortKey } from './types.js';

/** A language the search API's texts (and the fixture catalogue's) are written in. */
export type Lang = keyof Localised;

/** The language a request's `locale` selects, as the embed reads it ("fr_CA" is French), else English. */
export function langOf(locale: unknown): Lang {
  const chosen: string = localeFromText(locale);
  // The labels hold one text per language they are written in.
  return Object.hasOwn(FILTER_LABELS.price, chosen) ? (chosen as Lang) : DEFAULT_LOCALE;
}

/** Filter labels by key. */
export const FILTER_LABELS: Readonly<Record<FilterKey, Localised>> = {
  price: { en: 'Price', fr: 'Prix' },
  rating: { en: 'Rating', fr: 'Évaluation' },
  color: { en: 'Color', fr: 'Couleur' },
  size: { en: 'Size', fr: 'Taille' },
  brand: { en: 'Brand', fr: 'Marque' },
  deal: { en: 'Deals', fr: 'Aubaines' },
};

/** Texts of the `deal` facet's options. */
export const DEAL_TEXTS: ReadonlyMap<string, Localised> = new Map([
  ['on-sale', { en: 'On sale', fr: 'En solde' }],
  ['promotion', { en: 'Promotion', fr: 'Promotion' }],
]);

const RATING_TEXTS: Readonly<Record<Lang, (stars: number) => string>> = {
  en: (stars) => `${stars} star${stars > 1 ? 's' : ''} & up`,
  fr: (stars) => `${stars} étoile${stars > 1 ? 's' : ''} et plus`,
};

/** "N stars & up" for the rating options. */
export function ratingText(stars: number, lang: Lang): string {
  return RATING_TEXTS[lang](stars);
}

/** Sort texts by key. */
export const SORT_TEXTS: Readonly<Record<SortKey, Localised>> = {
  relevance_desc: { en: 'Relevance', fr: 'Pertinence' },
  price_asc: { en: 'Price: Low to High', fr: 'Prix : croissant' },
  price_desc: { en: 'Price: High to Low', fr: 'Prix : décroissant' },
  rating_desc: { en: 'Top Rated', fr: 'Mieux évalués' },
  reviews_desc: { en: 'Most Reviewed', fr: 'Plus commentés' },
  title_asc: { en: 'Name: A to Z', fr: 'Nom : A à Z' },
};

/** The h1 of a missing page. */
export const NOT_FOUND_TITLE: Localised = { en: 'Page not found', fr: 'Page introuvable' };

// Each takes the page name, the home link and the shop's name, all escaped already.
const NOT_FOUND_HTML: Readonly<Record<Lang, (name: string, href: string, title: string) => string>> = {
  en: (name, href, title) =>
    `<div class="aisle-not-found-message"><h2>We couldn’t find that page</h2>` +
    `<p>The page “${name}” doesn’t exist or has moved.</p>` +
    `<p><a href="${href}">Back to the ${title} home page</a></p></div>`,
  fr: (name, href, title) =>
    `<div class="aisle-not-found-message"><h2>Nous n’avons pas trouvé cette page</h2>` +
    `<p>La page « ${name} » n’existe pas ou a été déplacée.</p>` +
    `<p><a href="${href}">Retour à l’accueil de ${title}</a></p></div>`,
};

/** The HTML a not-found page shows: a heading, what happened, and a way back to the shop. */
export function notFoundHtml(page: string, home: string, shop: string, lang: Lang): string {
  const name = escapeHtml(page.length > 80 ? `${page.slice(0, 80)}…` : page);
  const href = escapeHtml(home);
  const title = escapeHtml(shop);
  return NOT_FOUND_HTML[lang](name, href, title);
}
