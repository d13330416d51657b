/** happy-dom lays nothing out: inspector tests give the pane and rows heights and a scroll position. */

/** Heights of the table's rows in these tests, in px. */
export const TEST_ROW_PX = { event: 20, load: 30 };

const isPane = (element: Element) => element.classList.contains('list');

/** How far a pane scrolls: the height of the table's body (all its rows), less its own. */
function maxScroll(pane: HTMLElement, height: number): number {
  const body = pane.querySelector<HTMLElement>('.events tbody');
  return Math.max(0, (body ? parseFloat(body.style.height) || 0 : 0) - height);
}

/** Lays out every `.list` pane `height` px tall and every table row `TEST_ROW_PX`, until the returned function is called. */
export function layOutInspector(height: number): () => void {
  const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
  const scrollTops = new WeakMap<Element, number>();
  const original = {
    scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop'),
    scrollTo: Element.prototype.scrollTo,
  };
  const scrollPane = (pane: HTMLElement, top: number) => {
    scrollTops.set(pane, Math.min(Math.max(0, top), maxScroll(pane, height)));
    pane.dispatchEvent(new Event('scroll'));
  };
  Object.defineProperties(proto, {
    clientHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return isPane(this) ? height : 0;
      },
    },
    offsetHeight: {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains('event')) return TEST_ROW_PX.event;
        return this.classList.contains('load-row') ? TEST_ROW_PX.load : 0;
      },
    },
    scrollHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return isPane(this) ? maxScroll(this, height) + height : 0;
      },
    },
    scrollTop: {
      configurable: true,
      get(this: HTMLElement) {
        return isPane(this) ? (scrollTops.get(this) ?? 0) : (original.scrollTop?.get?.call(this) ?? 0);
      },
      set(this: HTMLElement, top: number) {
        if (isPane(this)) scrollPane(this, top);
        else original.scrollTop?.set?.call(this, top);
      },
    },
    scrollTo: {
      configurable: true,
      value(this: HTMLElement, ...args: [ScrollToOptions?] | [number, number]) {
        if (!isPane(this)) return Reflect.apply(original.scrollTo, this, args);
        const top = typeof args[0] === 'number' ? args[1] : args[0]?.top;
        if (top !== undefined) scrollPane(this, top);
      },
    },
  });
  return () => {
    for (const name of ['clientHeight', 'offsetHeight', 'scrollHeight', 'scrollTop', 'scrollTo']) delete proto[name];
  };
}
