import { computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef } from 'react';
import { dlpStructuredData, serializeJsonLd } from '../../core/structuredData.js';
import { useStores } from '../StoreContext.js';
import { trustedScriptText } from '../trustedHtml.js';
import { reactRenderer } from '../renderer.js';
import { createStructuredDataHolder } from '../../views/listing.js';

const holderView = createStructuredDataHolder(reactRenderer);

/**
 * JSON-LD for search engines, escaped so that no text can close the script. The
 * script element is made here rather than by React, which creates script elements through
 * innerHTML, a write that pages enforcing Trusted Types refuse.
 */
export const StructuredData = observer(function StructuredData() {
  const { dlp, env, context, messages: m } = useStores();
  const holder = useRef<HTMLDivElement>(null);
  const data = dlp.data;
  const location = env.host.location();
  const pageUrl = `${location.origin}${location.pathname}`;
  // Only a new response or page size changes the JSON-LD. The page size is read through a computed
  // value, so that a filter or sort change (a new state with the same page size) does not re-render
  // this in the shopper's click; and the JSON-LD is memoised, since building it again for the same
  // data would put tens of milliseconds of a slow phone into whichever render does re-run.
  const pageSize = useMemo(() => computed(() => dlp.state.pageSize), [dlp]).get();
  const json = useMemo(() => {
    if (!data || data.pageNotFound) return null;
    const base = context.config.base;
    const breadcrumbs = [
      { title: m.home, url: `${location.origin}${base}/` },
      { title: m.popularCategories, url: `${location.origin}${base}/vsm/` },
      { title: data.h1_header, url: pageUrl },
    ];
    // The list describes the first page of results: an infinite list of hundreds would make every
    // append re-serialise them all, and search engines read the first page.
    const firstPage = { ...data, products: data.products.slice(0, pageSize) };
    return serializeJsonLd(dlpStructuredData(firstPage, { pageUrl, breadcrumbs }));
  }, [data, pageSize, pageUrl, location.origin, context.config.base, m]);
  useEffect(() => {
    const text = json === null ? null : trustedScriptText(json);
    if (!holder.current || text === null) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.text = text;
    holder.current.appendChild(script);
    // The server render's copy beside the adopted markup gives way to this one (one JSON-LD a page).
    holder.current.closest('.aisle-mount')?.parentElement?.querySelector(':scope > script[data-aisle-ld]')?.remove();
    return () => script.remove();
  }, [json]);
  return json === null ? null : holderView({ holderRef: holder });
});
