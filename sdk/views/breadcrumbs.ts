/** The breadcrumbs and the listing's heading: the top of a listing, above its toolbar. */
import { localeSuffixUrl } from '../core/localeUrl.js';
import { partClasses, type PartClasses } from '../core/customization.js';
import type { Messages } from '../core/messages.js';
import { safeHref } from '../core/safeUrl.js';
import type { Locale, Region } from '../core/types.js';
import type { Renderer } from './renderer.js';

/** Where the breadcrumbs lead: checked links, '' where a crumb is only text. */
export interface BreadcrumbLinks {
  home: string;
  /** The sitemap (popular categories): linked in the Canadian region only. */
  sitemap: string;
}

/**
 * The breadcrumbs' links for a tenant's `base` path, each with the locale's suffix and checked
 * against the page's address `pageHref` (the base comes from the render context, so the finished
 * link is checked, not just its parts). Only Canadian shoppers are offered the sitemap.
 */
export function breadcrumbLinks(base: string, region: Region, locale: Locale, pageHref: string): BreadcrumbLinks {
  const link = (url: string): string => safeHref(localeSuffixUrl(url, { region, locale }), pageHref);
  return { home: link(base ? `${base}/` : '/'), sitemap: region === 'ca' ? link(`${base}/vsm/`) : '' };
}

/** What the breadcrumbs show. */
export interface BreadcrumbsProps {
  /** Shown at the top and at the bottom of the listing, each with its own name. */
  position: 'top' | 'bottom';
  links: BreadcrumbLinks;
  /** The current page's title; no crumb when empty. */
  current: string;
  messages: Messages;
  /** The retailer's classes per part (config.customization.classes), beside Aisle's own. */
  classes?: PartClasses | undefined;
}

/** Breadcrumbs: home, then popular categories, then the current page. */
export function createBreadcrumbs<E>({ createElement: h }: Renderer<E>): (props: BreadcrumbsProps) => E {
  const crumb = (href: string, text: string): E => (href ? h('a', { href }, text) : h('span', null, text));
  return ({ position, links, current, messages: m, classes }) =>
    h(
      'nav',
      {
        className: partClasses(classes, `aisle-breadcrumbs aisle-breadcrumbs--${position}`, 'breadcrumbs'),
        'data-aisle': 'breadcrumbs',
        'aria-label': position === 'top' ? m.breadcrumbs : m.breadcrumbsBottom,
      },
      h(
        'ol',
        null,
        h('li', null, crumb(links.home, m.home)),
        h('li', null, crumb(links.sitemap, m.popularCategories)),
        current ? h('li', null, h('span', { 'aria-current': 'page' }, current)) : null,
      ),
    );
}

/** What the listing's heading shows. */
export interface HeadingProps {
  text: string;
  /** The retailer's classes per part (config.customization.classes), beside Aisle's own. */
  classes?: PartClasses | undefined;
}

/**
 * The listing's heading, the target of focus after a page change; nothing for an empty title. On a
 * phone it is hidden from sight by the stylesheet (assistive technology still reads it).
 */
export function createHeading<E>({ createElement: h }: Renderer<E>): (props: HeadingProps) => E | null {
  return ({ text, classes }) =>
    text.trim() !== ''
      ? h(
          'h1',
          {
            className: partClasses(classes, 'aisle-h1 aisle-h1--listing', 'heading'),
            'data-aisle': 'heading',
            tabIndex: -1,
          },
          text,
        )
      : null;
}
