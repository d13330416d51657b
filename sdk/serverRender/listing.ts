/** The listing as HTML for the app to adopt: every value is the one the app's first render gives the same views. */
import { partClasses, type PartClasses } from '../core/customization.js';
import { RELATED_SHOWN, SIMILAR_STEP, relatedNeedsToggle, relatedPageUrl } from '../core/lists.js';
import { localeSuffixUrl } from '../core/localeUrl.js';
import { formatPrice } from '../core/format.js';
import { createChips, selectedChips } from '../views/chips.js';
import type { Messages } from '../core/messages.js';
import { initialVehicle, listingQuery } from '../core/query.js';
import { safeHref } from '../core/safeUrl.js';
import { selectedFilterCount, setPage } from '../core/transitions.js';
import type { Locale, Product, Region, RenderContext, SearchResponse, UrlState, Viewport } from '../core/types.js';
import { breadcrumbLinks, createBreadcrumbs, createHeading } from '../views/breadcrumbs.js';
import { cardView, EAGER_IMAGES, PRIORITY_IMAGES } from '../views/cardView.js';
import { selectedValueCount, visibleFilters } from '../views/filterOptions.js';
import { filterPopoverId, SORT_ID } from '../views/ids.js';
import {
  createBelowFold,
  createListing,
  createRelatedSection,
  createSimilarSection,
  createStructuredDataHolder,
} from '../views/listing.js';
import { createPagination, createSentinel, pageSizes, SHOW_ALL_MAX } from '../views/paging.js';
import { createProductCard, createProductGrid, createSwatches } from '../views/productCard.js';
import { createSortControl, createSortDropdown, createSortSelect, selectedSort } from '../views/sort.js';
import { createFilterButton, createToolbar } from '../views/toolbar.js';
import { BROWSER_ONLY } from '../views/ids.js';
import { htmlRenderer as r, rawHtml, suspenseBoundary, type HtmlNode } from './html.js';

/** What a listing is drawn from on the server. */
export interface ListingInput {
  context: RenderContext;
  data: SearchResponse;
  state: UrlState;
  defaultPageSize: number;
  viewport: Viewport;
  width: number;
  region: Region;
  locale: Locale;
  messages: Messages;
  page: URL;
  sanitize: (html: string) => string;
}

const h = r.createElement;
const card = createProductCard(r);
const swatches = createSwatches(r);
const grid = createProductGrid(r);

function productGrid(input: ListingInput, products: readonly Product[], hook: 'grid' | 'similar-grid', label: string) {
  const { viewport, region, locale, messages } = input;
  const classes = input.context.config.customization?.classes;
  const settings = { viewport, region, locale, messages, pageOrigin: input.page.origin };
  return grid({
    label,
    hook,
    whole: false,
    busy: false,
    updating: false,
    classes,
    cards: products.map((product, index) =>
      card({
        product,
        card: cardView(product, null, settings),
        messages,
        locale,
        eager: hook === 'grid' && index < EAGER_IMAGES,
        priority: hook === 'grid' && index < PRIORITY_IMAGES[viewport],
        // Swatch images wait until their group nears the viewport, as in the app.
        swatches: (group) => swatches({ ...group, imagesNow: false, classes }),
        classes,
      }),
    ),
  });
}

function toolbar(input: ListingInput, classes: PartClasses | undefined): HtmlNode {
  const { data, messages: m, state } = input;
  const desktop = input.viewport === 'desktop';
  const filterButton = createFilterButton(r);
  const selected = selectedSort(data.sort_options);
  return createToolbar(r)({
    messages: m,
    itemCount: data.payload.filtered,
    notice: null,
    announcement: '',
    selected: selectedFilterCount(state),
    drawerOpen: false,
    drawerShown: false,
    filterButtons: visibleFilters(data.filters).map((filter, index) => ({
      key: filter.key,
      button: filterButton({
        label: filter.label,
        selected: selectedValueCount(state, filter.key),
        messages: m,
        desktop,
        expanded: false,
        popoverId: filterPopoverId(index),
        classes,
      }),
    })),
    sort: selected
      ? createSortControl(r)({
          control: desktop
            ? createSortDropdown(r)({ id: SORT_ID, label: m.sortBy, selected, open: false, list: null, classes })
            : createSortSelect(r)({ label: m.sortBy, options: data.sort_options, selected, classes }),
        })
      : null,
    classes,
  });
}

function pager(input: ListingInput, cx: (part: 'pager' | 'button', own: string) => string): HtmlNode | null {
  const { data, state, messages: m, context } = input;
  const { filtered, shown } = data.payload;
  if (filtered === 0) return null;
  if (context.config.infiniteLoading)
    return createSentinel(r)({
      className: cx('pager', 'aisle-sentinel'),
      progress: m.showingOf(shown, filtered),
      loadMore:
        shown < filtered
          ? { text: m.loadMore, className: cx('button', 'aisle-button aisle-button--secondary'), disabled: false }
          : null,
    });
  const count = Math.max(1, Math.ceil(filtered / state.pageSize));
  const vehicle = initialVehicle(input.page.search, context);
  return createPagination(r)({
    messages: m,
    current: state.pageNumber,
    count,
    hrefOf: (n) =>
      `${input.page.pathname}${listingQuery(input.page.search, setPage(state, n), vehicle, input.defaultPageSize)}`,
    sizes: pageSizes(input.defaultPageSize, state.pageSize),
    pageSize: state.pageSize,
    showAll:
      count > 1 && filtered <= SHOW_ALL_MAX ? { className: cx('button', 'aisle-button aisle-button--link') } : null,
    className: cx('pager', 'aisle-paging'),
  });
}

function related(input: ListingInput, cx: (part: 'button', own: string) => string): HtmlNode | null {
  const { data, region, locale, messages: m } = input;
  const pages = data.related_pages;
  if (pages.length === 0) return null;
  // The list's height is not known before the browser lays it out: the app's first render counts it as 0 too.
  const toggle = relatedNeedsToggle(0, input.width, pages.length);
  return createRelatedSection(r)({
    title: m.relatedItems,
    links: pages.slice(0, RELATED_SHOWN).map((page, index) => {
      const built = relatedPageUrl(page.href, input.context.config.base, input.page.origin);
      return {
        key: `${index}-${page.href}`,
        href: safeHref(localeSuffixUrl(built ?? '', { region, locale }), input.page.href),
        title: page.title,
      };
    }),
    collapsed: toggle,
    toggle: toggle
      ? { expanded: false, text: m.seeMore, className: cx('button', 'aisle-button aisle-button--link') }
      : null,
  });
}

function belowFold(input: ListingInput, crumbs: () => HtmlNode): HtmlNode {
  const { data, messages: m } = input;
  const classes = input.context.config.customization?.classes;
  const cx = (part: 'pager' | 'button', own: string) => partClasses(classes, own, part);
  const similar = data.similar_products;
  const seo = data.description.trim() !== '' ? input.sanitize(data.description) : null;
  return suspenseBoundary(
    createBelowFold(r)({
      pager: pager(input, cx),
      similar:
        similar.length > 0
          ? createSimilarSection(r)({
              title: m.similarProducts,
              grid: productGrid(input, similar.slice(0, SIMILAR_STEP), 'similar-grid', m.similarProducts),
              sentinel:
                similar.length > SIMILAR_STEP
                  ? h('div', { className: 'aisle-sentinel aisle-sentinel--quiet', 'aria-hidden': 'true' })
                  : null,
            })
          : null,
      related: related(input, cx),
      breadcrumbs: crumbs(),
      seo:
        seo === null
          ? null
          : h('div', {
              className: 'aisle-seo',
              'data-aisle': 'seo',
              'data-aisle-ready': '',
              dangerouslySetInnerHTML: { __html: seo },
            }),
      structuredData: createStructuredDataHolder(r)({}),
    }),
  );
}

/** The listing's screen, as the app's listing component draws it. */
export function drawListing(input: ListingInput) {
  const { data, messages: m, context, region, locale } = input;
  const classes = context.config.customization?.classes;
  const links = breadcrumbLinks(context.config.base, region, locale, input.page.href);
  const crumbs = (position: 'top' | 'bottom') => () =>
    createBreadcrumbs(r)({ position, links, current: data.h1_header, messages: m, classes });
  return createListing(r)({
    breadcrumbs: crumbs('top')(),
    heading: createHeading(r)({ text: data.h1_header, classes }),
    // The vehicle selector is the app's alone: its boundary is left marked BROWSER_ONLY.
    vehicle: context.config.vehicleSelector
      ? rawHtml(
          `<!--$!--><template data-dgst="${BROWSER_ONLY}"></template><div class="aisle-vehicle aisle-vehicle--loading"></div><!--/$-->`,
        )
      : null,
    toolbar: toolbar(input, classes),
    chips: createChips(r)({
      chips: selectedChips(input.state, data.filters, (min, max) =>
        m.priceRange(formatPrice(min, region, locale), formatPrice(max, region, locale)),
      ),
      messages: m,
      selected: selectedFilterCount(input.state),
      classes,
    }),
    results:
      data.products.length > 0
        ? productGrid(input, data.products, 'grid', m.products)
        : h(
            'div',
            { className: 'aisle-empty' },
            h('p', null, m.noResults),
            selectedFilterCount(input.state) > 0
              ? h(
                  'button',
                  { type: 'button', className: partClasses(classes, 'aisle-button', 'button') },
                  m.clearFilters,
                )
              : null,
          ),
    belowFold: belowFold(input, crumbs('bottom')),
  }) as HtmlNode;
}
