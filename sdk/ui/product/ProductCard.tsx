import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { useIntersection } from '../hooks.js';
import type { CardSlot, CardSlotProduct, CardSlots } from '../../contract.js';
import type { PartClasses } from '../../core/customization.js';
import type { Locale, Product, Region, Viewport } from '../../core/types.js';
import type { Messages } from '../../core/messages.js';
import { cardView, swatchImage, type CardView } from '../../views/cardView.js';
import { drawSlot, slotProduct, type CardSlotName } from './cardSlots.js';
import { createProductCard, createSwatches, type SwatchGroup } from '../../views/productCard.js';
import { reactRenderer } from '../renderer.js';
import { frameQueue, type FrameQueue } from './frameQueue.js';

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
  /** The list the card is in (what its slots are told). */
  list?: CardSlotProduct['list'];
  /** The retailer's classes per part (config.customization.classes). */
  classes?: PartClasses | undefined;
  /** The shop's card slots (Aisle.setCardSlots), or null. */
  slots?: CardSlots | null;
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
  const { classes, slots } = props;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) =>
    props.onProductClick?.(product, variant?.id ?? null, props.position, event);
  const badge = useSlotRef('badge', slots?.badge, product, card, props);
  const actions = useSlotRef('actions', slots?.actions, product, card, props);
  return productCardView({
    product,
    card,
    messages: props.messages,
    locale,
    eager: props.eager,
    priority: props.priority ?? false,
    swatches: (group) => <Swatches {...group} classes={classes} onChoose={setChosenId} />,
    onClick,
    classes,
    slots: { badge, actions },
  });
});

/**
 * The ref of a card slot's container (which React leaves empty): it draws the slot when the container
 * arrives, in the commit, before the browser paints, and takes it away when the container goes. A
 * new ref when the slot, the product or the variant on show changes makes React call the old one with
 * null and the new one with the container: the slot is drawn again. Undefined when the slot is not set.
 */
function useSlotRef(
  name: CardSlotName,
  slot: CardSlot | undefined,
  product: Product,
  card: CardView,
  props: Pick<ProductCardProps, 'position' | 'list' | 'pageOrigin'>,
): ((container: HTMLElement | null) => void) | undefined {
  const { position, list = 'search_results', pageOrigin } = props;
  const variantId = card.variant?.id ?? null;
  const clear = useRef<(() => void) | null>(null);
  const ref = useCallback(
    (container: HTMLElement | null) => {
      clear.current?.();
      clear.current = null;
      if (container && slot)
        clear.current = drawSlot(container, name, slot, slotProduct(product, card, { position, list, pageOrigin }));
    },
    // `card` follows from the product and the variant on show, which are what the slot is drawn again for.
    [name, slot, product, variantId, position, list, pageOrigin],
  );
  return slot ? ref : undefined;
}

/** How far below the viewport a card's swatch images start loading. */
const SWATCH_IMAGES_MARGIN = '400px';
/**
 * Swatch groups whose images start in one frame: a group has about four swatches, and each image
 * costs a phone (4× CPU) over a millisecond of that frame's style work as its request starts.
 */
const SWATCH_GROUPS_PER_FRAME = 2;

let swatchImageQueue: FrameQueue | null = null;
/** Starts a group's images a few groups per frame (see frameQueue.ts); at once where there are no frames. */
function startSwatchImages(start: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    start();
    return () => undefined;
  }
  swatchImageQueue ??= frameQueue(SWATCH_GROUPS_PER_FRAME, window);
  return swatchImageQueue.add(start);
}

/**
 * The swatches' radio group (see sdk/views/productCard.ts): the arrow keys, Home and End move the
 * choice, as in any radio group. Background images would all load at once, so they are set only
 * once the group comes near the viewport, as a lazy image would.
 */
function Swatches({
  onChoose,
  classes,
  ...group
}: SwatchGroup & { onChoose: (id: string) => void; classes: PartClasses | undefined }) {
  const { swatches } = group;
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const images = swatches.some((v) => swatchImage(v.swatch) !== null);
  const takeBack = useRef<(() => void) | null>(null);
  // A group that leaves the page before its frame came starts nothing.
  useEffect(() => () => takeBack.current?.(), []);
  const ref = useIntersection<HTMLDivElement>(
    () => {
      takeBack.current ??= startSwatchImages(() => flushSync(() => setNear(true)));
    },
    0,
    images && !near,
    SWATCH_IMAGES_MARGIN,
  );
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
  return swatchesView({ ...group, imagesNow: near, groupRef: ref, onKeyDown, onChoose, classes });
}
