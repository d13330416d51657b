// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { testContext } from '../testing/stores.js';
import { firstPaintHandle } from './firstPaintHandover.js';
import { appListing, listingMarkup } from './paintFixtures.js';
import { findControl, identityOf, replayPresses, type ReplayReport } from './paintPresses.js';

/** A painted screen (narrow unless `desktop`) in the page, taking notes of what the shopper does. */
function paint(desktop = false) {
  document.body.innerHTML = '<header><a href="/">Shop</a></header><main></main>';
  const main = document.querySelector('main')!;
  const container = document.createElement('div');
  container.className = 'aisle-mount';
  container.innerHTML = listingMarkup(desktop);
  main.append(container);
  const handle = firstPaintHandle(testContext(), main, container, []);
  const q = <E extends Element = HTMLElement>(selector: string): E => container.querySelector<E>(selector)!;
  return { container, handle, q };
}

/** Puts the app's screen in the paint's place and replays; what the app's controls heard, and the report. */
function handOver(
  painted: ReturnType<typeof paint>,
  desktop = false,
  options: { notice?: boolean } = {},
): { log: string[]; report: ReplayReport; next: HTMLElement } {
  const log: string[] = [];
  const next = appListing(document, log, desktop, options);
  const { presses } = painted.handle.replaceWith(next);
  const report = replayPresses(painted.container, presses, next);
  return { log, report, next };
}

function chooseSort(select: HTMLSelectElement, value: string): void {
  select.click();
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const escape = (): boolean =>
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

afterEach(() => document.body.replaceChildren());

describe('who a control is', () => {
  it('is its hook, card, element, role, popup and name, not its place', () => {
    const { container, q } = paint();
    expect(identityOf(container, q('[data-aisle="filter-button"]'))).toBe('filter-button||button||dialog|Color');
    expect(identityOf(container, q('[data-product-id="p2"] [aria-label="Blue"]'))).toBe(
      'product|p2|button|radio||Blue',
    );
    expect(identityOf(container, q('select'))).toMatch(/^sort\|\|select\|\|\|Featured/);
  });

  it('finds the same control on another screen, wherever it is there', () => {
    const { container, q } = paint();
    const next = appListing(document, [], false, { notice: true });
    const swatch = identityOf(container, q('[data-product-id="p2"] [aria-label="Blue"]'));
    expect(findControl(next, swatch)).toBe(next.querySelector('[data-product-id="p2"] [aria-label="Blue"]'));
    expect(findControl(appListing(document, [], true), identityOf(container, q('select')))).toBeNull();
  });
});

describe('presses collapse to what the shopper meant', () => {
  it('a toggle pressed twice (open, then close) is not pressed at all; three times, once', () => {
    const twice = paint();
    twice.q('[data-aisle="all-filters"]').click();
    twice.q('[data-aisle="all-filters"]').click();
    expect(handOver(twice).log).toEqual([]);

    const thrice = paint();
    for (let i = 0; i < 3; i++) thrice.q('[data-aisle="all-filters"]').click();
    expect(handOver(thrice).log).toEqual(['open all-filters']);
  });

  it('Escape closes what the shopper opened: All Filters stays closed', () => {
    const painted = paint();
    painted.q('[data-aisle="all-filters"]').click();
    escape();
    expect(handOver(painted).log).toEqual([]);
  });

  it('a click anywhere else closes it too, in Aisle or on the retailer’s page', () => {
    const inside = paint();
    inside.q('[data-aisle="filter-button"]').click();
    inside.q('h1').click();
    expect(handOver(inside).log).toEqual([]);

    const outside = paint();
    outside.q('[data-aisle="all-filters"]').click();
    document.querySelector<HTMLElement>('header a')!.click();
    expect(handOver(outside).log).toEqual([]);
  });

  it('pressing another toggle opens that one instead', () => {
    const painted = paint(true);
    const [color, size] = painted.container.querySelectorAll<HTMLElement>('[data-aisle="filter-button"]');
    color!.click();
    size!.click();
    expect(handOver(painted, true).log).toEqual(['open filter-button Size']);
  });

  it('a select changed twice sends its last value once; changed back, nothing', () => {
    const twice = paint();
    chooseSort(twice.q('select'), 'price_asc');
    chooseSort(twice.q('select'), 'rating');
    const { log, next } = handOver(twice);
    expect(log).toEqual(['sort rating']);
    expect(next.querySelector('select')!.value).toBe('rating');

    const back = paint();
    chooseSort(back.q('select'), 'price_asc');
    chooseSort(back.q('select'), 'featured');
    expect(handOver(back).log).toEqual([]);
  });

  it('a card’s swatches keep their last choice, and the one already shown is not pressed', () => {
    const painted = paint();
    painted.q('[data-product-id="p1"] [aria-label="Blue"]').click();
    painted.q('[data-product-id="p1"] [aria-label="Red"]').click();
    painted.q('[data-product-id="p2"] [aria-label="Red"]').click();
    painted.q('[data-product-id="p2"] [aria-label="Blue"]').click();
    expect(handOver(painted).log).toEqual(['swatch p2 Blue']);
  });

  it('choices are made first, and the drawer left open is opened last', () => {
    const painted = paint();
    painted.q('[data-aisle="all-filters"]').click();
    escape();
    chooseSort(painted.q('select'), 'rating');
    painted.q('[data-aisle="all-filters"]').click();
    expect(handOver(painted).log).toEqual(['sort rating', 'open all-filters']);
  });
});

describe('a press is replayed onto the same control or not at all', () => {
  it('finds the control where the app’s screen put it, not at its old place', () => {
    const painted = paint();
    painted.q('[data-product-id="p2"] [aria-label="Blue"]').click();
    painted.q('[data-aisle="all-filters"]').click();
    // The app's toolbar starts with a notice the paint did not have: every index path below it moved.
    const { log, report } = handOver(painted, false, { notice: true });
    expect(log).toEqual(['swatch p2 Blue', 'open all-filters']);
    expect(report).toEqual({ replayed: 2, dropped: [] });
  });

  it('across the 1,024 px breakpoint, a press whose control the app’s screen lacks is dropped, and said so', () => {
    const painted = paint(false);
    chooseSort(painted.q('select'), 'price_asc');
    painted.q('[data-aisle="filter-button"]').click();
    const { log, report } = handOver(painted, true);
    // The select became a list box and the Color button opens a popover, not the drawer: nothing is
    // pressed in their place.
    expect(log).toEqual([]);
    expect(report.replayed).toBe(0);
    expect(report.dropped).toEqual([expect.stringMatching(/^sort\|\|select\|/), 'filter-button||button||dialog|Color']);
  });

  it('a control both layouts have is still pressed across the breakpoint', () => {
    const painted = paint(true);
    painted.q('[data-product-id="p1"] [aria-label="Green"]').click();
    painted.q('[data-aisle="all-filters"]').click();
    const { log, report } = handOver(painted, false);
    // The narrow card shows no green swatch: only All Filters is pressed.
    expect(log).toEqual(['open all-filters']);
    expect(report.dropped).toEqual(['product|p1|button|radio||Green']);
  });

  it('takes no more notes once replaced: later presses and Escape are not replayed', () => {
    const painted = paint();
    painted.q('[data-aisle="all-filters"]').click();
    const log: string[] = [];
    const next = appListing(document, log, false);
    const { presses } = painted.handle.replaceWith(next);
    escape();
    painted.q('[data-aisle="all-filters"]').click();
    replayPresses(painted.container, presses, next);
    expect(log).toEqual(['open all-filters']);
  });
});
