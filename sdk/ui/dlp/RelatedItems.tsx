import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { RELATED_SHOWN, relatedNeedsToggle, relatedPageUrl } from '../../core/lists.js';
import { localeSuffixUrl } from '../../core/localeUrl.js';
import { safeHref } from '../../core/safeUrl.js';
import { usePartClass, useStores } from '../StoreContext.js';

/**
 * Related Items: the first 15 links, collapsed to 80 px; See More shows them all,
 * See Less collapses again. The toggle appears only when the list is taller than 80 px, the screen
 * narrower than 768 px, or there are more than 15 links.
 */
export const RelatedItems = observer(function RelatedItems() {
  const { dlp, context, env, viewport, messages: m, region, locale } = useStores();
  const cx = usePartClass();
  const pages = dlp.data?.related_pages ?? [];
  const [expanded, setExpanded] = useState(false);
  const [height, setHeight] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (typeof ResizeObserver !== 'function') {
      setHeight(element.scrollHeight);
      return;
    }
    // Read once the browser has laid the list out (reading it here would lay out the whole page inside
    // the commit: a long task on a phone), and applied before that frame is painted.
    const observer = new ResizeObserver(() => flushSync(() => setHeight(element.scrollHeight)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [pages, viewport.width]);
  if (pages.length === 0) return null;
  const here = env.host.location();
  const toggle = relatedNeedsToggle(height, viewport.width, pages.length);
  const shown = expanded ? pages : pages.slice(0, RELATED_SHOWN);
  return (
    <section className="aisle-section aisle-related" data-aisle="related" aria-labelledby="aisle-related-title">
      <h2 className="aisle-section__title" id="aisle-related-title">
        {m.relatedItems}
      </h2>
      <ul
        ref={list}
        id="aisle-related-list"
        className={`aisle-related__list${toggle && !expanded ? ' aisle-related__list--collapsed' : ''}`}
      >
        {shown.map((page, index) => {
          const built = relatedPageUrl(page.href, context.config.base, here.origin);
          // The locale suffix changes the text, so the check runs on what lands in `href`.
          const url = safeHref(localeSuffixUrl(built ?? '', { region, locale }), here.href);
          if (url === '')
            env.log.error(`[Aisle] related link URL cannot be built from "${page.href}": empty URL used.`);
          return (
            <li key={`${index}-${page.href}`}>
              <a className="aisle-pill" href={url}>
                {page.title}
              </a>
            </li>
          );
        })}
      </ul>
      {toggle ? (
        <button
          type="button"
          className={cx('button', 'aisle-button aisle-button--link')}
          aria-expanded={expanded}
          aria-controls="aisle-related-list"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? m.seeLess : m.seeMore}
        </button>
      ) : null}
    </section>
  );
});
