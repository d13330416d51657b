import { observer } from 'mobx-react-lite';
import { dlpStructuredData, serializeJsonLd } from '../../core/structuredData.js';
import { useStores } from '../StoreContext.js';

/** JSON-LD for search engines (spec section 9), escaped so that no text can close the script. */
export const StructuredData = observer(function StructuredData() {
  const { dlp, env, context, messages: m } = useStores();
  const data = dlp.data;
  if (!data || data.pageNotFound) return null;
  const location = env.host.location();
  const pageUrl = `${location.origin}${location.pathname}`;
  const base = context.config.base;
  const breadcrumbs = [
    { title: m.home, url: `${location.origin}${base}/` },
    { title: m.popularCategories, url: `${location.origin}${base}/vsm/` },
    { title: data.h1_header, url: pageUrl },
  ];
  // The list describes the first page of results: an infinite list of hundreds would make every
  // append re-serialise them all, and search engines read the first page.
  const firstPage = { ...data, products: data.products.slice(0, dlp.state.pageSize) };
  const json = serializeJsonLd(dlpStructuredData(firstPage, { pageUrl, breadcrumbs }));
  return <script type="application/ld+json" data-aisle="structured-data" dangerouslySetInnerHTML={{ __html: json }} />;
});
