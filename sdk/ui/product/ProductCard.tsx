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
  /** One-based (analytics list_position). */
  position: number;
  viewport: Viewport;
  region: Region;
  locale: Locale;
  messages: Messages;
  /** A string, so `memo` still skips. */
  pageOrigin: string;
  eager: boolean;
  /** The first row's images are the LCP: fetched before other images. */
  priority?: boolean;
  list?: CardSlotProduct['list'];
  classes?: PartClasses | undefined;
  slots?: CardSlots | null;
  onProductClick?: (
    product: Product,
    variantId: string | null,
    position: number,
    event: MouseEvent<HTMLAnchorElement>,
  ) => void;
}

/** A product card; its link and image follow the variant the shopper chose. */
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
 * The ref of a slot's container: draws the slot in the commit, before paint. A new ref when the slot,
 * product or variant changes makes React call the old with null and the new one: the slot is redrawn.
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
/** Each swatch image costs a phone (4× CPU) over a millisecond of style work as its request starts. */
const SWATCH_GROUPS_PER_FRAME = 2;

let swatchImageQueue: FrameQueue | null = null;
function startSwatchImages(start: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    start();
    return () => undefined;
  }
  swatchImageQueue ??= frameQueue(SWATCH_GROUPS_PER_FRAME, window);
  return swatchImageQueue.add(start);
}

/** A radio group; background images would all load at once, so they wait until the group nears the viewport. */
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
