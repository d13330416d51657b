import { observer } from 'mobx-react-lite';
import { useCallback, type MouseEvent } from 'react';
import type { Product } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { ProductCard } from './ProductCard.js';
import { EAGER_IMAGES, PRIORITY_IMAGES } from '../../views/cardView.js';
import { createProductGrid } from '../../views/productCard.js';
import { reactRenderer } from '../renderer.js';

const productGridView = createProductGrid(reactRenderer);

/** The result grid or the similar products. */
export const ProductGrid = observer(function ProductGrid(props: {
  products: Product[];
  label: string;
  hook: 'grid' | 'similar-grid';
  busy?: boolean;
  updating?: boolean;
}) {
  const root = useStores();
  const listName = props.hook === 'grid' ? 'search_results' : 'similar_products';
  // One handler for the whole list, so that memoised cards keep the same props.
  const onProductClick = useCallback(
    (product: Product, variantId: string | null, position: number, event: MouseEvent<HTMLAnchorElement>) => {
      const click = {
        button: event.button,
        metaKey: event.metaKey,
        ctrlKey: event.ctrlKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        targetBlank: event.currentTarget.target === '_blank',
      };
      if (root.productClick({ product, variantId, position, listName }, click)) event.preventDefault();
    },
    [root, listName],
  );
  // A listing returned to is laid out whole, so the shopper's card's offset is exact.
  const whole = root.restore !== null;
  const classes = root.context.config.customization?.classes;
  return productGridView({
    classes,
    label: props.label,
    hook: props.hook,
    whole,
    busy: props.busy ?? false,
    updating: props.updating ?? false,
    cards: props.products.map((product, index) => (
      <ProductCard
        key={product.product_id}
        product={product}
        position={index + 1}
        viewport={root.viewport.kind}
        region={root.region}
        locale={root.locale}
        messages={root.messages}
        pageOrigin={root.env.host.location().origin}
        eager={props.hook === 'grid' && index < EAGER_IMAGES}
        priority={props.hook === 'grid' && index < PRIORITY_IMAGES[root.viewport.kind]}
        onProductClick={onProductClick}
        list={listName}
        classes={classes}
        slots={root.cardSlots}
      />
    )),
  });
});
