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

/** The crumbs' links, each checked whole (the base is untrusted); only Canadian shoppers get the sitemap. */
export function breadcrumbLinks(base: string, region: Region, locale: Locale, pageHref: string): BreadcrumbLinks {
  const link = (url: string): string => safeHref(localeSuffixUrl(url, { region, locale }), pageHref);
  return { home: link(base ? `${base}/` : '/'), sitemap: region === 'ca' ? link(`${base}/vsm/`) : '' };
}

/** What the breadcrumbs show. */
export interface BreadcrumbsProps {
  /** Shown at the top and at the bottom of the listing, each with its own name. */
  position: 'top' | 'bottom';
  links: BreadcrumbLinks;
  current: string;
  messages: Messages;
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
  classes?: PartClasses | undefined;
}

/** The heading takes focus after a page change; on a phone it is hidden from sight, not from assistive technology. */
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
