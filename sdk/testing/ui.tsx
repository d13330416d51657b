/**
 * Component-test helpers: renders the real AisleRoot over a RootStore built on the fake
 * environment of sdk/testing/stores.ts, and a controllable IntersectionObserver.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { RenderContext } from '../core/types.js';
import { RootStore } from '../stores/RootStore.js';
import { fakeEnv, type FakeEnv } from './stores.js';

export { testContext } from './stores.js';
import { AisleRoot } from '../ui/AisleRoot.js';
import { FakeObserver } from './intersection.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A rendered Aisle for a test. */
export interface Rendered {
  env: FakeEnv;
  store: RootStore;
  container: HTMLElement;
  /** Lets replies, lazy chunks and effects arrive. */
  settle(): Promise<void>;
  unmount(): void;
}

/** Renders AisleRoot for `context` at a viewport `width`, on a page at `href`. */
export async function renderAisle(
  context: RenderContext,
  options: { width?: number; href?: string } = {},
): Promise<Rendered> {
  const env = fakeEnv(options.href ?? 'http://shop.test/maple/dresses');
  const store = new RootStore(env, context, options.width ?? 1280);
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root | null = createRoot(container);
  act(() => root!.render(<AisleRoot store={store} />));
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    }
  };
  await settle();
  return {
    env,
    store,
    container,
    settle,
    unmount() {
      act(() => root?.unmount());
      root = null;
      container.remove();
    },
  };
}

/** IntersectionObserver double: tests call `FakeIntersectionObserver.fire()` to reveal targets. */
export class FakeIntersectionObserver extends FakeObserver {
  static instances: FakeIntersectionObserver[] = [];
  constructor(callback: IntersectionObserverCallback) {
    super(callback as unknown as FakeObserver['callback']);
    FakeIntersectionObserver.instances.push(this);
  }
  override disconnect(): void {
    super.disconnect();
    FakeIntersectionObserver.instances = FakeIntersectionObserver.instances.filter((o) => o !== this);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Reports every observed element matching `selector` as visible at `ratio`. */
  static fire(selector: string, ratio = 1): void {
    for (const observer of [...FakeIntersectionObserver.instances]) {
      const entries = [...observer.targets]
        .filter((t) => t.matches(selector))
        .map(
          (target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as IntersectionObserverEntry,
        );
      if (entries.length) act(() => observer.callback(entries));
    }
  }
}
