import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { RELATED_SHOWN, relatedNeedsToggle, relatedPageUrl } from '../../core/lists.js';
import { localeSuffixUrl } from '../../core/localeUrl.js';
import { safeHref } from '../../core/safeUrl.js';
import { usePartClass, useStores } from '../StoreContext.js';
import { reactRenderer } from '../renderer.js';
import { createRelatedSection } from '../../views/listing.js';

const relatedView = createRelatedSection(reactRenderer);

/** Related Items, collapsed until See More. */
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
    // Read after layout (here it would force a whole-page layout in the commit), applied before paint.
    const observer = new ResizeObserver(() => flushSync(() => setHeight(element.scrollHeight)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [pages, viewport.width]);
  if (pages.length === 0) return null;
  const here = env.host.location();
  const toggle = relatedNeedsToggle(height, viewport.width, pages.length);
  const shown = expanded ? pages : pages.slice(0, RELATED_SHOWN);
  return relatedView({
    title: m.relatedItems,
    links: shown.map((page, index) => {
      const built = relatedPageUrl(page.href, context.config.base, here.origin);
      // The locale suffix changes the text, so the check runs on what lands in `href`.
      const url = safeHref(localeSuffixUrl(built ?? '', { region, locale }), here.href);
      if (url === '') env.log.error(`[Aisle] related link URL cannot be built from "${page.href}": empty URL used.`);
      return { key: `${index}-${page.href}`, href: url, title: page.title };
    }),
    collapsed: toggle && !expanded,
    toggle: toggle
      ? {
          expanded,
          text: expanded ? m.seeLess : m.seeMore,
          className: cx('button', 'aisle-button aisle-button--link'),
          onClick: () => setExpanded(!expanded),
        }
      : null,
    listRef: list,
  });
});
