// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testContext } from '../stores/testing.js';
import { elementAt, firstPaintHandle, pathOf } from './firstPaintHandover.js';
import { listingSlot } from './listingSlot.js';

/** The same few elements on both sides of the hand-over: a button, a select, two links. */
const SCREEN =
  '<div class="aisle-root"><button data-aisle="all-filters">All Filters</button>' +
  '<label><select><option value="a">A</option><option value="b">B</option></select></label>' +
  '<ul><li><a href="/p/1">One</a></li><li><a href="/p/2">Two</a></li></ul></div>';

/** A main element with the retailer's content, then a painted container in its place. */
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
  container.innerHTML = SCREEN;
  main.replaceChildren(container);
  return { main, host, container, unguard: vi.fn<() => void>() };
}

/** The app's container: the same elements, with handlers that record what they were given. */
function appScreen(log: string[]): HTMLElement {
  const next = document.createElement('div');
  next.className = 'aisle-mount';
  next.innerHTML = SCREEN;
  next.querySelector('button')!.addEventListener('click', () => log.push('all-filters'));
  next
    .querySelector('select')!
    .addEventListener('change', (e) => log.push(`sort ${(e.target as HTMLSelectElement).value}`));
  return next;
}

afterEach(() => document.body.replaceChildren());

describe('paths between the paint and the app’s screen', () => {
  it('finds an element again by its element-child indices', () => {
    const { container } = painted();
    const link = container.querySelectorAll('a')[1]!;
    const path = pathOf(container, link)!;
    expect(path).toEqual([0, 2, 1, 0]);
    expect(elementAt(container, path)).toBe(link);
    expect(pathOf(container, document.body)).toBeNull();
    expect(elementAt(container, [0, 9])).toBeNull();
  });
});

describe('the hand-over', () => {
  it('puts the app’s screen in the paint’s place, keeps focus on the same element and presses again what was pressed', () => {
    const { main, container, unguard } = painted();
    const paint = firstPaintHandle(testContext(), main, container, [...document.querySelectorAll('#x')], unguard);
    container.querySelector('button')!.click();
    const select = container.querySelector('select')!;
    select.value = 'b';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    container.querySelectorAll('a')[1]!.focus();
    const log: string[] = [];
    const next = appScreen(log);
    const replay = paint.replaceWith(next);
    expect(main.firstElementChild).toBe(next);
    expect(document.activeElement).toBe(next.querySelectorAll('a')[1]);
    expect(paint.pending).toBe(false);
    expect(log).toEqual([]);
    replay();
    expect(log).toEqual(['all-filters', 'sort b']);
    expect(next.querySelector('select')!.value).toBe('b');
    // The guard stays until the app adopted it or the paint is withdrawn.
    expect(unguard).not.toHaveBeenCalled();
  });

  it('stops listening once replaced: a later click on the old elements is not replayed', () => {
    const { main, container } = painted();
    const paint = firstPaintHandle(testContext(), main, container, []);
    const log: string[] = [];
    const replay = paint.replaceWith(appScreen(log));
    container.querySelector('button')!.click();
    replay();
    expect(log).toEqual([]);
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

describe('the listing slot over a first paint', () => {
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
