/**
 * Every shopper-visible string the search API writes, in English and French: filter labels,
 * option texts, sort texts and the not-found snippet (the embed shows the texts the data carries).
 */
import { escapeHtml } from '../../fixtures/catalogue/index.js';
import type { Localised } from '../../fixtures/catalogue/index.js';
import type { FilterKey, SortKey } from './types.js';

/** The language a request reads in: French for any `fr…` locale, else English. */
export type Lang = keyof Localised;

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

/** "N stars & up" for the rating options. */
export function ratingText(stars: number, lang: Lang): string {
  return lang === 'fr' ? `${stars} étoile${stars > 1 ? 's' : ''} et plus` : `${stars} star${stars > 1 ? 's' : ''} & up`;
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

/** The HTML a not-found page shows: a heading, what happened, and a way back to the shop. */
export function notFoundHtml(page: string, home: string, shop: string, lang: Lang): string {
  const name = escapeHtml(page.length > 80 ? `${page.slice(0, 80)}…` : page);
  const href = escapeHtml(home);
  const title = escapeHtml(shop);
  return lang === 'fr'
    ? `<div class="aisle-not-found-message"><h2>Nous n’avons pas trouvé cette page</h2>` +
        `<p>La page « ${name} » n’existe pas ou a été déplacée.</p>` +
        `<p><a href="${href}">Retour à l’accueil de ${title}</a></p></div>`
    : `<div class="aisle-not-found-message"><h2>We couldn’t find that page</h2>` +
        `<p>The page “${name}” doesn’t exist or has moved.</p>` +
        `<p><a href="${href}">Back to the ${title} home page</a></p></div>`;
}
