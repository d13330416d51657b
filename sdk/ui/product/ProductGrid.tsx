import { observer } from 'mobx-react-lite';
import type { MouseEvent } from 'react';
import type { Product } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { ProductCard } from './ProductCard.js';

/** How many cards load their image at once: roughly the first screen on any viewport. */
const EAGER_IMAGES = 8;

/** A list of product cards (the result grid or the similar products). */
export const ProductGrid = observer(function ProductGrid(props: {
  products: Product[];
  label: string;
  hook: 'grid' | 'similar-grid';
  busy?: boolean;
  onProductClick?: (
    product: Product,
    variantId: string | null,
    position: number,
    event: MouseEvent<HTMLAnchorElement>,
  ) => void;
}) {
  const root = useStores();
  return (
    <ul
      className={`aisle-grid${props.busy ? ' aisle-grid--busy' : ''}`}
      data-aisle={props.hook === 'grid' ? 'grid' : undefined}
      aria-label={props.label}
      aria-busy={props.busy || undefined}
    >
      {props.products.map((product, index) => (
        <ProductCard
          key={product.product_id}
          product={product}
          position={index + 1}
          viewport={root.viewport.kind}
          region={root.region}
          locale={root.locale}
          messages={root.messages}
          eager={props.hook === 'grid' && index < EAGER_IMAGES}
          onProductClick={props.onProductClick}
        />
      ))}
    </ul>
  );
});
