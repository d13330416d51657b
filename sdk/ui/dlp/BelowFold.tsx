import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { InfiniteSentinel, Pagination } from './Paging.js';
import { RelatedItems } from './RelatedItems.js';
import { SafeHtml } from './SafeHtml.js';
import { SimilarProducts } from './SimilarProducts.js';
import { StructuredData } from './StructuredData.js';

/** The DLP sections after the grid (sentinel or paging, similar, related, breadcrumb, SEO) plus the structured data. */
const BelowFold = observer(function BelowFold() {
  const { dlp } = useStores();
  const data = dlp.data;
  if (!data) return null;
  return (
    <>
      {dlp.infinite ? <InfiniteSentinel /> : <Pagination />}
      <SimilarProducts />
      <RelatedItems />
      <Breadcrumbs position="bottom" />
      {data.description.trim() !== '' ? <SafeHtml html={data.description} className="aisle-seo" hook="seo" /> : null}
      <StructuredData />
    </>
  );
});

export default BelowFold;
