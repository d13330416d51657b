/** The demo shop's own words, one row per catalogue language (TypeScript asks for a new one's row). */
import type { Lang } from '../search/labels.js';

/** What a demo shop page writes around Aisle. */
export interface ShopTexts {
  /** The link, on the stack's home page, to a shop in this language ("En français"). */
  inThisLanguage: string;
  /** The same link's neighbour to the sitemap in this language. */
  sitemap: string;
  promo: string;
  shopNav: string;
  fictional: string;
  allCategories: string;
  pageNotFound: string;
  productNotFound: string;
  backToResults: string;
  loadingSelection: string;
  popularCategories: string;
  footer: ReadonlyArray<readonly [string, readonly string[]]>;
}

/** Every demo shop text, by language. */
export const SHOP_TEXTS: Readonly<Record<Lang, ShopTexts>> = {
  en: {
    inThisLanguage: 'In English',
    sitemap: 'Visual sitemap',
    promo: 'Free shipping on orders over $75',
    shopNav: 'Shop',
    fictional: 'A fictional demo shop',
    allCategories: 'All categories',
    pageNotFound: 'Page not found',
    productNotFound: 'Product not found',
    backToResults: 'Back to results',
    loadingSelection: 'Loading our selection…',
    popularCategories: 'Popular Categories',
    footer: [
      ['Help', ['Shipping', 'Returns', 'Contact us']],
      ['About', ['Our story', 'Stores', 'Careers']],
    ],
  },
  fr: {
    inThisLanguage: 'En français',
    sitemap: 'Plan du site',
    promo: 'Livraison gratuite dès 75 $',
    shopNav: 'Boutique',
    fictional: 'Boutique fictive de démonstration',
    allCategories: 'Toutes les catégories',
    pageNotFound: 'Page introuvable',
    productNotFound: 'Produit introuvable',
    backToResults: 'Retour',
    loadingSelection: 'Chargement de la sélection…',
    popularCategories: 'Catégories populaires',
    footer: [
      ['Aide', ['Livraison', 'Retours', 'Nous joindre']],
      ['À propos', ['Notre histoire', 'Magasins', 'Carrières']],
    ],
  },
};
