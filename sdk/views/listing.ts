/** The listing's composition, written once: the app, the first paint and the server render hand it their parts. */
import { partClasses, type PartClasses } from '../core/customization.js';
import { groupOf, type Child, type Renderer } from './renderer.js';

/** Aisle's root element and its parts (the screen, then the focus keeper's marker). */
export interface RootProps<E> {
  lang: string;
  classes?: PartClasses | undefined;
  /** Links to other Aisle screens are followed in place. */
  onClick?: unknown;
  screen: Child<E>;
  marker: Child<E>;
}

/** The element that holds Aisle's screen in the page's main element. */
export function createRoot<E>({ createElement: h }: Renderer<E>): (props: RootProps<E>) => E {
  return ({ lang, classes, onClick, screen, marker }) =>
    h('div', { className: partClasses(classes, 'aisle-root', 'root'), lang, onClick }, screen, marker);
}

/** The parts of a listing page, each drawn by the caller (null where it has none). */
export interface ListingParts<E> {
  breadcrumbs: Child<E>;
  heading: Child<E>;
  vehicle?: Child<E>;
  toolbar: Child<E>;
  chips?: Child<E>;
  /** The product grid, or what shows when there is no product. */
  results: Child<E>;
  belowFold?: Child<E>;
  drawer?: Child<E>;
}

/** The listing's parts in their order on the page. */
export function createListing<E>(renderer: Renderer<E>): (parts: ListingParts<E>) => Child<E> {
  const group = groupOf(renderer);
  return (p) => group(p.breadcrumbs, p.heading, p.vehicle, p.toolbar, p.chips, p.results, p.belowFold, p.drawer);
}

/** The parts below the grid, each drawn by the caller (null where it has none). */
export interface BelowFoldParts<E> {
  pager: Child<E>;
  similar: Child<E>;
  related: Child<E>;
  breadcrumbs: Child<E>;
  seo: Child<E>;
  structuredData: Child<E>;
}

/** The parts below the grid in their order on the page. */
export function createBelowFold<E>(renderer: Renderer<E>): (parts: BelowFoldParts<E>) => Child<E> {
  const group = groupOf(renderer);
  return (p) => group(p.pager, p.similar, p.related, p.breadcrumbs, p.seo, p.structuredData);
}

/** The similar products' section around their grid. */
export function createSimilarSection<E>({ createElement: h }: Renderer<E>) {
  return (props: { title: string; grid: Child<E>; sentinel: Child<E> }): E =>
    h(
      'section',
      { className: 'aisle-section', 'data-aisle': 'similar', 'aria-labelledby': 'aisle-similar-title' },
      h('h2', { className: 'aisle-section__title', id: 'aisle-similar-title' }, props.title),
      props.grid,
      props.sentinel,
    );
}

/** What the related items show. */
export interface RelatedProps {
  title: string;
  /** `href` is '' when it could not be built. */
  links: ReadonlyArray<{ key: string; href: string; title: string }>;
  collapsed: boolean;
  toggle: { expanded: boolean; text: string; className: string; onClick?: unknown } | null;
  listRef?: unknown;
}

/** Related Items: the links as pills, collapsed to a few rows until See More. */
export function createRelatedSection<E>({ createElement: h }: Renderer<E>): (props: RelatedProps) => E {
  return ({ title, links, collapsed, toggle, listRef }) =>
    h(
      'section',
      { className: 'aisle-section aisle-related', 'data-aisle': 'related', 'aria-labelledby': 'aisle-related-title' },
      h('h2', { className: 'aisle-section__title', id: 'aisle-related-title' }, title),
      h(
        'ul',
        {
          ref: listRef,
          id: 'aisle-related-list',
          className: `aisle-related__list${collapsed ? ' aisle-related__list--collapsed' : ''}`,
        },
        links.map((link) =>
          h('li', { key: link.key }, h('a', { className: 'aisle-pill', href: link.href }, link.title)),
        ),
      ),
      toggle
        ? h(
            'button',
            {
              type: 'button',
              className: toggle.className,
              'aria-expanded': toggle.expanded,
              'aria-controls': 'aisle-related-list',
              onClick: toggle.onClick,
            },
            toggle.text,
          )
        : null,
    );
}

/** The holder of the listing's JSON-LD (its script is written into it, not drawn as an element). */
export function createStructuredDataHolder<E>({ createElement: h }: Renderer<E>) {
  return (props: { holderRef?: unknown }): E =>
    h('div', { 'data-aisle': 'structured-data', hidden: true, ref: props.holderRef });
}
