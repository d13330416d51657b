// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testContext } from '../testing/stores.js';
import { DEBUG_EVENT } from '../contract.js';
import { firstPaintHandle, type FirstPaint, type PaintAnalytics } from './firstPaintHandover.js';
import { appListing, listingMarkup } from './paintFixtures.js';
import { listingSlot } from './listingSlot.js';

/** A main element with the retailer's content, then a painted (narrow) listing in its place. */
function painted(): {
  main: HTMLElement;
  host: Element;
  container: HTMLElement;
  unguard: ReturnType<typeof vi.fn<() => void>>;
} {
  document.body.innerHTML = '<main><p id="host">The shop’s own content</p></main>';
  const main = document.querySelector('main')!;
  const host = main.firstElementChild!;
  const container = document.createElement('div');
  container.className = 'aisle-mount';
  container.innerHTML = listingMarkup(false);
  main.replaceChildren(container);
  return { main, host, container, unguard: vi.fn<() => void>() };
}

/** Analytics that say what they wrote, numbering the visits they write. */
function fakeAnalytics(): PaintAnalytics & { written: string[] } {
  const written: string[] = [];
  return {
    written,
    recordVisit: () => (written.push('visit'), `paint-visit-${written.length}`),
    recordProductClick: (id, position) => void written.push(`click ${id} at ${position}`),
  };
}

afterEach(() => document.body.replaceChildren());

/** The listing slot over the paint, its container holding the app's screen (whose controls log what they hear). */
function slotOver(paint: FirstPaint, log: string[], options: { desktop?: boolean; notice?: boolean } = {}) {
  const slot = listingSlot(paint.main, document, paint);
  slot.container.append(...appListing(document, log, options.desktop ?? false, options).childNodes);
  return slot;
}

describe('the hand-over', () => {
  it('puts the app’s screen in the paint’s place and hands over what the shopper did and where the focus was', () => {
    const { main, container, unguard } = painted();
    const paint = firstPaintHandle(testContext(), main, container, [], unguard);
    container.querySelector<HTMLElement>('[data-aisle="all-filters"]')!.click();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    const link = container.querySelectorAll<HTMLElement>('a.aisle-card__link')[1]!;
    link.focus();
    const next = appListing(document, [], false);
    const { presses, focused } = paint.replaceWith(next);
    expect(main.firstElementChild).toBe(next);
    expect(paint.pending).toBe(false);
    expect(presses).toEqual([{ target: container.querySelector('[data-aisle="all-filters"]') }, { escape: true }]);
    expect(focused).toBe(link);
    // The guard stays until the app adopted it or the paint is withdrawn.
    expect(unguard).not.toHaveBeenCalled();
  });

  it('takes no more notes once replaced', () => {
    const { main, container } = painted();
    const paint = firstPaintHandle(testContext(), main, container, []);
    const { presses } = paint.replaceWith(appListing(document, [], false));
    container.querySelector<HTMLElement>('[data-aisle="all-filters"]')!.click();
    expect(presses).toEqual([]);
    expect(paint.replaceWith(appListing(document, [], false))).toEqual({ presses: [], focused: null });
  });

  it('withdraw gives the retailer’s content back and removes the guard; an adopted guard stays with the app', () => {
    const { main, host, container, unguard } = painted();
    const paint = firstPaintHandle(testContext(), main, container, [host], unguard);
    paint.withdraw();
    expect(main.firstElementChild).toBe(host);
    expect(unguard).toHaveBeenCalledTimes(1);

    const again = painted();
    const second = firstPaintHandle(testContext(), again.main, again.container, [again.host], again.unguard);
    const adopted = second.adoptGuard();
    second.withdraw();
    expect(again.unguard).not.toHaveBeenCalled();
    adopted();
    expect(again.unguard).toHaveBeenCalledTimes(1);
  });
});

describe('a product link followed from the paint', () => {
  const follow = (container: Element, product: string, link = 'a.aisle-card__link'): void =>
    container.querySelector<HTMLElement>(`[data-product-id="${product}"] ${link}`)!.click();

  it('records the page’s visit, then the click with the card’s position, as the link is followed', () => {
    const { main, container } = painted();
    const analytics = fakeAnalytics();
    const paint = firstPaintHandle(testContext(), main, container, [], undefined, analytics);
    follow(container, 'p2');
    follow(container, 'p1');
    // Only the first click writes the visit; the app, arriving later, follows that visit.
    expect(analytics.written).toEqual(['visit', 'click p2 at 2', 'click p1 at 1']);
    const mountsVisit = vi.fn(() => 'app-visit');
    expect(paint.visitOnRecord(mountsVisit)).toBe('paint-visit-1');
    expect(mountsVisit).not.toHaveBeenCalled();
  });

  it('writes no second visit when the app recorded the page’s visit first', () => {
    const { main, container } = painted();
    const analytics = fakeAnalytics();
    const paint = firstPaintHandle(testContext(), main, container, [], undefined, analytics);
    expect(paint.visitOnRecord(() => 'app-visit')).toBe('app-visit');
    follow(container, 'p1');
    expect(analytics.written).toEqual(['click p1 at 1']);
  });

  it('records nothing for the other links, or once the app’s screen has taken over (it records its own)', () => {
    const { main, container } = painted();
    const analytics = fakeAnalytics();
    const paint = firstPaintHandle(testContext(), main, container, [], undefined, analytics);
    follow(container, 'p1', 'a.aisle-card__more');
    container.querySelector<HTMLElement>('[data-aisle="breadcrumbs"] a')!.click();
    paint.replaceWith(appListing(document, [], false));
    follow(container, 'p1');
    expect(analytics.written).toEqual([]);
  });
});

describe('the listing slot over a first paint', () => {
  it('keeps focus on the same control wherever the app’s screen has it, and presses again, after the commit, what was pressed', async () => {
    const { main, container } = painted();
    const paint = firstPaintHandle(testContext(), main, container, []);
    const select = container.querySelector('select')!;
    select.value = 'rating';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    container.querySelector<HTMLElement>('[data-aisle="all-filters"]')!.click();
    container.querySelector<HTMLElement>('[data-product-id="p2"] [aria-label="Blue"]')!.focus();
    const log: string[] = [];
    // The app's toolbar starts with a notice the paint did not have: every index path below it moved.
    const slot = slotOver(paint, log, { notice: true });
    slot.show();
    expect(document.activeElement).toBe(slot.container.querySelector('[data-product-id="p2"] [aria-label="Blue"]'));
    expect(log).toEqual([]);
    await Promise.resolve();
    expect(log).toEqual(['sort rating', 'open all-filters']);
  });

  it('says in a debug event what it pressed again and what no longer applied', async () => {
    const { main, container } = painted();
    const paint = firstPaintHandle(testContext(), main, container, []);
    const select = container.querySelector('select')!;
    select.value = 'rating';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    container.querySelector<HTMLElement>('[data-aisle="all-filters"]')!.click();
    const heard: unknown[] = [];
    const listen = (event: Event) => heard.push((event as CustomEvent).detail);
    window.addEventListener(DEBUG_EVENT, listen);
    // The window widened past 1,024 px meanwhile: the app draws the wide layout.
    slotOver(paint, [], { desktop: true }).show();
    await Promise.resolve();
    window.removeEventListener(DEBUG_EVENT, listen);
    expect(heard).toEqual([
      {
        source: 'first-paint',
        phase: 'presses_replayed',
        replayed: 1,
        dropped: [expect.stringMatching(/^sort\|\|select\|/)],
      },
    ]);
  });

  it('shows Aisle’s container in the paint’s place, and restore gives back the retailer’s content, not the paint', async () => {
    const { main, host, container } = painted();
    const paint = firstPaintHandle(testContext(), main, container, [host]);
    const slot = listingSlot(main, document, paint);
    expect(slot.shown).toBe(false);
    slot.show();
    expect(main.firstElementChild).toBe(slot.container);
    expect(paint.pending).toBe(false);
    slot.restore();
    expect(main.firstElementChild).toBe(host);
  });

  it('restore before show withdraws the paint', () => {
    const { main, host, container } = painted();
    const paint = firstPaintHandle(testContext(), main, container, [host]);
    const slot = listingSlot(main, document, paint);
    slot.restore();
    expect(main.firstElementChild).toBe(host);
    expect(paint.pending).toBe(false);
  });

  it('a paint in another element is not adopted', () => {
    const { main, host, container } = painted();
    const paint = firstPaintHandle(testContext(), main, container, [host]);
    const other = document.createElement('section');
    document.body.append(other);
    const slot = listingSlot(other, document, paint);
    slot.show();
    expect(other.firstElementChild).toBe(slot.container);
    expect(paint.pending).toBe(true);
  });
});
