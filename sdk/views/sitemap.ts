/** The visual sitemap, written once for the app and the server render. */
import { partClasses, type PartClasses } from '../core/customization.js';
import type { Messages } from '../core/messages.js';
import type { SitemapLink } from '../core/types.js';
import type { Renderer } from './renderer.js';

/** What the sitemap shows, worked out by the caller (sdk/core/sitemap.ts groups and sorts). */
export interface SitemapProps {
  messages: Messages;
  classes?: PartClasses | undefined;
  title: string;
  breadcrumbs: readonly SitemapLink[];
  subcategories: readonly SitemapLink[];
  pairs: ReadonlyArray<{ label: string; letters: string[]; empty: boolean }>;
  sections: ReadonlyArray<{ letter: string; links: readonly SitemapLink[] }>;
  /** Undefined: the link is refused and drawn without an address. */
  href: (url: string) => string | undefined;
  onJump?: (letters: string[]) => unknown;
  headingRef?: (letter: string) => unknown;
}

const sectionId = (letter: string): string => `aisle-vsm-${letter === '#' ? 'num' : letter}`;

/** The visual sitemap: breadcrumbs, heading, subcategories, the letter jump bar and a section per letter. */
export function createSitemap<E>({ createElement: h }: Renderer<E>): (props: SitemapProps) => E {
  return (p) => {
    const { messages: m, classes, href } = p;
    const cx = (part: 'breadcrumbs' | 'heading' | 'button', own: string) => partClasses(classes, own, part);
    return h(
      'div',
      { className: 'aisle-vsm', 'data-aisle': 'vsm' },
      p.breadcrumbs.length > 0
        ? h(
            'nav',
            {
              className: cx('breadcrumbs', 'aisle-breadcrumbs aisle-breadcrumbs--top'),
              'data-aisle': 'breadcrumbs',
              'aria-label': m.breadcrumbs,
            },
            h(
              'ol',
              null,
              p.breadcrumbs.map((crumb, i) =>
                h(
                  'li',
                  { key: `${i}-${crumb.url}` },
                  i === p.breadcrumbs.length - 1
                    ? h('span', { 'aria-current': 'page' }, crumb.title)
                    : h('a', { href: href(crumb.url) }, crumb.title),
                ),
              ),
            ),
          )
        : null,
      h('h1', { className: cx('heading', 'aisle-h1'), 'data-aisle': 'heading' }, m.popularCategories),
      p.subcategories.length > 0
        ? h(
            'ul',
            { className: 'aisle-vsm__subcategories', 'aria-label': p.title || m.popularCategories },
            p.subcategories.map((s, i) =>
              h('li', { key: `${i}-${s.url}` }, h('a', { className: 'aisle-pill', href: href(s.url) }, s.title)),
            ),
          )
        : null,
      h(
        'nav',
        { className: 'aisle-vsm__letters', 'data-aisle': 'vsm-letters', 'aria-label': m.jumpBar },
        h(
          'ul',
          null,
          p.pairs.map((pair) =>
            h(
              'li',
              { key: pair.label },
              pair.empty
                ? h(
                    'span',
                    { className: 'aisle-vsm__letter aisle-vsm__letter--empty', 'aria-hidden': 'true' },
                    pair.label,
                  )
                : h(
                    'button',
                    {
                      type: 'button',
                      className: cx('button', 'aisle-vsm__letter'),
                      'aria-label': m.jumpTo(pair.label),
                      onClick: p.onJump?.(pair.letters),
                    },
                    pair.label,
                  ),
            ),
          ),
        ),
      ),
      h(
        'div',
        { className: 'aisle-vsm__sections' },
        p.sections.map((section) =>
          h(
            'section',
            {
              key: section.letter,
              className: 'aisle-vsm__section',
              'data-aisle': 'vsm-section',
              'aria-labelledby': sectionId(section.letter),
            },
            h(
              'h2',
              { id: sectionId(section.letter), tabIndex: -1, ref: p.headingRef?.(section.letter) },
              section.letter,
            ),
            h(
              'ul',
              null,
              section.links.map((link, i) =>
                h('li', { key: `${i}-${link.url}` }, h('a', { href: href(link.url) }, link.title)),
              ),
            ),
          ),
        ),
      ),
    );
  };
}
