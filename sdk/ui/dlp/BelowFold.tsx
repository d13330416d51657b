import { observer } from 'mobx-react-lite';
import { useEffect, type ReactElement } from 'react';
import { useStores } from '../StoreContext.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { InfiniteSentinel, Pagination } from './Paging.js';
import { RelatedItems } from './RelatedItems.js';
import { SafeHtml } from './SafeHtml.js';
import { SimilarProducts } from './SimilarProducts.js';
import { StructuredData } from './StructuredData.js';
import { reactRenderer } from '../renderer.js';
import { createBelowFold } from '../../views/listing.js';

const belowFoldView = createBelowFold(reactRenderer);

/** The DLP sections after the grid (sentinel or paging, similar, related, breadcrumb, SEO) plus the structured data. */
const BelowFold = observer(function BelowFold() {
  const store = useStores();
  const { dlp } = store;
  const data = dlp.data;
  // Adopted server markup is adopted whole once these sections are: what waited for that runs.
  useEffect(() => store.adoptedWhole(), [store]);
  if (!data) return null;
  return belowFoldView({
    pager: dlp.infinite ? <InfiniteSentinel /> : <Pagination />,
    similar: <SimilarProducts />,
    related: <RelatedItems />,
    breadcrumbs: <Breadcrumbs position="bottom" />,
    seo: data.description.trim() !== '' ? <SafeHtml html={data.description} className="aisle-seo" hook="seo" /> : null,
    structuredData: <StructuredData />,
  }) as ReactElement;
});

export default BelowFold;
