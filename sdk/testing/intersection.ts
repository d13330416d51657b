/**
 * An IntersectionObserver the test drives: `show(card, ratio)` reports one target crossing the
 * thresholds, as the browser would once layout put it there.
 */
export class FakeObserver {
  static last: FakeObserver | null = null;
  readonly targets = new Set<Element>();
  constructor(readonly callback: (entries: Array<Partial<IntersectionObserverEntry>>) => void) {
    FakeObserver.last = this;
  }
  observe(target: Element): void {
    this.targets.add(target);
  }
  unobserve(target: Element): void {
    this.targets.delete(target);
  }
  disconnect(): void {
    this.targets.clear();
  }
  /** Reports `card` in view at `ratio` (0: out of view). */
  show(card: Element, ratio = 0.6): void {
    this.callback([{ target: card, isIntersecting: ratio > 0, intersectionRatio: ratio }]);
  }
}
