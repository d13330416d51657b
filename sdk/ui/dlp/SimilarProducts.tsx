import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { SIMILAR_STEP, nextSimilarCount } from '../../core/lists.js';
import { ProductGrid } from '../product/ProductGrid.js';
import { useStores } from '../StoreContext.js';
import { useIntersection } from '../hooks.js';
import { SENTINEL_THRESHOLD } from './Paging.js';
import { reactRenderer } from '../renderer.js';
import { createSimilarSection } from '../../views/listing.js';

const similarView = createSimilarSection(reactRenderer);

/** Similar products: 16 at first, 16 more each time the sentinel is reached. */
export const SimilarProducts = observer(function SimilarProducts() {
  const { dlp, messages: m } = useStores();
  const all = dlp.data?.similar_products ?? [];
  const [count, setCount] = useState(SIMILAR_STEP);
  const more = count < all.length;
  const ref = useIntersection<HTMLDivElement>(
    () => setCount((c) => nextSimilarCount(c, all.length)),
    SENTINEL_THRESHOLD,
    more,
  );
  if (all.length === 0) return null;
  return similarView({
    title: m.similarProducts,
    grid: <ProductGrid products={all.slice(0, count)} label={m.similarProducts} hook="similar-grid" />,
    sentinel: more ? <div className="aisle-sentinel aisle-sentinel--quiet" ref={ref} aria-hidden="true" /> : null,
  });
});
