import { observer } from 'mobx-react-lite';
import { useMemo, useRef } from 'react';
import { groupSitemap, letterPairs, localeSuffixUrl, sortByTitle } from '../../core/sitemap.js';
import { safeHref } from '../../core/safeUrl.js';
import type { SitemapData } from '../../core/types.js';
import { usePartClass, useStores } from '../StoreContext.js';

/**
 * The visual sitemap: heading, optional breadcrumbs, subcategories sorted by title,
 * the alphabet jump bar (pairs, # first) and one section of links per first letter.
 */
export const Vsm = observer(function Vsm({ data }: { data: SitemapData }) {
  const { env, messages: m, locale, region } = useStores();
  const cx = usePartClass();
  const sections = useMemo(() => groupSitemap(data.links, locale), [data.links, locale]);
  const pairs = useMemo(() => letterPairs(sections), [sections]);
  const subcategories = useMemo(() => sortByTitle(data.subcategories, locale), [data.subcategories, locale]);
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  const page = env.host.location().href;
  // The suffix is added first so that the string checked is the one that lands in `href`; a refused
  // link renders without one.
  const href = (url: string) => safeHref(localeSuffixUrl(url, { region, locale }), page) || undefined;
  const jump = (letters: string[]) => {
    const target = letters.map((l) => headings.current.get(l)).find(Boolean);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  };
  return (
    <div className="aisle-vsm" data-aisle="vsm">
      {data.breadcrumbs.length > 0 ? (
        <nav
          className={cx('breadcrumbs', 'aisle-breadcrumbs aisle-breadcrumbs--top')}
          data-aisle="breadcrumbs"
          aria-label={m.breadcrumbs}
        >
          <ol>
            {data.breadcrumbs.map((crumb, i) => (
              <li key={`${i}-${crumb.url}`}>
                {i === data.breadcrumbs.length - 1 ? (
                  <span aria-current="page">{crumb.title}</span>
                ) : (
                  <a href={href(crumb.url)}>{crumb.title}</a>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <h1 className={cx('heading', 'aisle-h1')} data-aisle="heading">
        {m.popularCategories}
      </h1>
      {subcategories.length > 0 ? (
        <ul className="aisle-vsm__subcategories" aria-label={data.title || m.popularCategories}>
          {subcategories.map((s, i) => (
            <li key={`${i}-${s.url}`}>
              <a className="aisle-pill" href={href(s.url)}>
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <nav className="aisle-vsm__letters" data-aisle="vsm-letters" aria-label={m.jumpBar}>
        <ul>
          {pairs.map((pair) => (
            <li key={pair.label}>
              {pair.empty ? (
                <span className="aisle-vsm__letter aisle-vsm__letter--empty" aria-hidden="true">
                  {pair.label}
                </span>
              ) : (
                <button
                  type="button"
                  className={cx('button', 'aisle-vsm__letter')}
                  aria-label={m.jumpTo(pair.label)}
                  onClick={() => jump(pair.letters)}
                >
                  {pair.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="aisle-vsm__sections">
        {sections.map((section) => (
          <section
            key={section.letter}
            className="aisle-vsm__section"
            data-aisle="vsm-section"
            aria-labelledby={`aisle-vsm-${section.letter === '#' ? 'num' : section.letter}`}
          >
            <h2
              id={`aisle-vsm-${section.letter === '#' ? 'num' : section.letter}`}
              tabIndex={-1}
              ref={(el) => {
                if (el) headings.current.set(section.letter, el);
                else headings.current.delete(section.letter);
              }}
            >
              {section.letter}
            </h2>
            <ul>
              {section.links.map((link, i) => (
                <li key={`${i}-${link.url}`}>
                  <a href={href(link.url)}>{link.title}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
});
