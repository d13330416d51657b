import { computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef } from 'react';
import { listingJsonLd } from '../../core/structuredData.js';
import { useStores } from '../StoreContext.js';
import { trustedScriptText } from '../trustedHtml.js';
import { reactRenderer } from '../renderer.js';
import { createStructuredDataHolder } from '../../views/listing.js';

const holderView = createStructuredDataHolder(reactRenderer);

/** JSON-LD; the script is made here, not by React, whose innerHTML write Trusted Types pages refuse. */
export const StructuredData = observer(function StructuredData() {
  const { dlp, env, context, messages: m, region, locale } = useStores();
  const holder = useRef<HTMLDivElement>(null);
  const data = dlp.data;
  const { origin, pathname } = env.host.location();
  // A computed page size keeps a filter change from re-rendering this in the click; memoised, as
  // rebuilding costs a slow phone tens of milliseconds.
  const pageSize = useMemo(() => computed(() => dlp.state.pageSize), [dlp]).get();
  const json = useMemo(() => {
    if (!data || data.pageNotFound) return null;
    const base = context.config.base;
    return listingJsonLd(data, { origin, pathname, base, pageSize, messages: m, region, locale });
  }, [data, pageSize, origin, pathname, context.config.base, m, region, locale]);
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
