import { observer } from 'mobx-react-lite';
import { useMemo, useRef } from 'react';
import { groupSitemap, letterPairs, localeSuffixUrl, sortByTitle } from '../../core/sitemap.js';
import { safeHref } from '../../core/safeUrl.js';
import type { SitemapData } from '../../core/types.js';
import { usePartClasses, useStores } from '../StoreContext.js';
import { reactRenderer } from '../renderer.js';
import { createSitemap } from '../../views/sitemap.js';

const sitemapView = createSitemap(reactRenderer);

/** The visual sitemap. */
export const Vsm = observer(function Vsm({ data }: { data: SitemapData }) {
  const { env, messages: m, locale, region } = useStores();
  const classes = usePartClasses();
  const sections = useMemo(() => groupSitemap(data.links, locale), [data.links, locale]);
  const pairs = useMemo(() => letterPairs(sections), [sections]);
  const subcategories = useMemo(() => sortByTitle(data.subcategories, locale), [data.subcategories, locale]);
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  const page = env.host.location().href;
  // The suffix goes on first, so the string checked is the one that lands in `href`.
  const href = (url: string) => safeHref(localeSuffixUrl(url, { region, locale }), page) || undefined;
  const jump = (letters: string[]) => {
    const target = letters.map((l) => headings.current.get(l)).find(Boolean);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  };
  return sitemapView({
    messages: m,
    classes,
    title: data.title,
    breadcrumbs: data.breadcrumbs,
    subcategories,
    pairs,
    sections,
    href,
    onJump: (letters) => () => jump(letters),
    headingRef: (letter) => (el: HTMLHeadingElement | null) => {
      if (el) headings.current.set(letter, el);
      else headings.current.delete(letter);
    },
  });
});
