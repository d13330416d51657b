import { memo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useIntersection } from '../hooks.js';
import type { Locale, Product, Region, Viewport } from '../../core/types.js';
import type { Messages } from '../../core/messages.js';
import { cardView, swatchImage } from '../../views/cardView.js';
import { createProductCard, createSwatches, type SwatchGroup } from '../../views/productCard.js';
import { reactRenderer } from '../renderer.js';

const productCardView = createProductCard(reactRenderer);
const swatchesView = createSwatches(reactRenderer);

/** Everything a card needs; plain values so that `memo` skips cards whose product did not change. */
export interface ProductCardProps {
  product: Product;
  /** One-based position in its list (analytics list_position). */
  position: number;
  viewport: Viewport;
  region: Region;
  locale: Locale;
  messages: Messages;
  /** The page's origin: relative product links are checked against it (a string, so `memo` still skips). */
  pageOrigin: string;
  /** Images above the fold load at once; the rest lazily. */
  eager: boolean;
  /** The first row's images: the browser fetches them before other images (they are the LCP). */
  priority?: boolean;
  onProductClick?: (
    product: Product,
    variantId: string | null,
    position: number,
    event: MouseEvent<HTMLAnchorElement>,
  ) => void;
}

/**
 * A product card (see sdk/views/productCard.ts) and the variant the shopper chose on it, which its
 * link and image follow.
 */
export const ProductCard = memo(function ProductCard(props: ProductCardProps) {
  const { product, locale } = props;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const card = cardView(product, chosenId, props);
  const { variant } = card;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) =>
    props.onProductClick?.(product, variant?.id ?? null, props.position, event);
  return productCardView({
    product,
    card,
    messages: props.messages,
    locale,
    eager: props.eager,
    priority: props.priority ?? false,
    swatches: (group) => <Swatches {...group} onChoose={setChosenId} />,
    onClick,
  });
});

/** How far below the viewport a card's swatch images start loading. */
const SWATCH_IMAGES_MARGIN = '400px';

/**
 * The swatches' radio group (see sdk/views/productCard.ts): the arrow keys, Home and End move the
 * choice, as in any radio group. Background images would all load at once, so they are set only
 * once the group comes near the viewport, as a lazy image would.
 */
function Swatches({ onChoose, ...group }: SwatchGroup & { onChoose: (id: string) => void }) {
  const { swatches } = group;
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const images = swatches.some((v) => swatchImage(v.swatch) !== null);
  const ref = useIntersection<HTMLDivElement>(() => setNear(true), 0, images && !near, SWATCH_IMAGES_MARGIN);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]')];
    const from = buttons.indexOf(event.target as HTMLButtonElement);
    if (from < 0) return;
    const last = buttons.length - 1;
    const to =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? from === last
          ? 0
          : from + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? from === 0
            ? last
            : from - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const swatch = swatches[to];
    if (to < 0 || !swatch) return;
    event.preventDefault();
    onChoose(swatch.id);
    buttons[to]?.focus();
  };
  return swatchesView({ ...group, imagesNow: near, groupRef: ref, onKeyDown, onChoose });
}
