import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef } from 'react';
import { useStores } from '../StoreContext.js';

/** How many frames a focus request waits for its target (a lazily loaded screen) before it is dropped. */
const MAX_FRAMES = 120;

/** Carries out the stores' focus requests after render, so keyboard focus is never left on the page body. */
export const FocusKeeper = observer(function FocusKeeper() {
  const store = useStores();
  const marker = useRef<HTMLSpanElement>(null);
  // Read here so that the effect runs again when a request arrives or a search ends.
  const rootRequest = store.cues.focusRequest;
  const dlp = store.dlp;
  const dlpRequest = dlp.cues.focusRequest;
  const loading = store.search.loading;
  const drawerOpen = store.drawer.visible;

  useLayoutEffect(() => {
    const root = marker.current?.closest('.aisle-root') ?? null;
    if (!root) return;
    let frame = 0;
    let frames = 0;
    const attempt = (): void => {
      frame = 0;
      let pending = false;
      if (rootRequest) {
        if (focusHeading(root)) store.cues.focusHandled();
        else pending = true;
      }
      if (dlpRequest && dlp.cues.focusRequest === dlpRequest) {
        if (drawerOpen) {
          // The drawer keeps the focus inside itself.
          dlp.cues.focusHandled();
        } else if (dlpRequest.target === 'heading') {
          if (focusHeading(root)) dlp.cues.focusHandled();
          else pending = true;
        } else if (focusLost(root.ownerDocument)) {
          const allFilters = root.querySelector<HTMLElement>('[data-aisle="all-filters"]');
          if (allFilters) allFilters.focus({ preventScroll: true });
          else focusHeading(root);
          dlp.cues.focusHandled();
        } else if (!loading) {
          // The results are in and the control the shopper used still has focus: nothing to do.
          dlp.cues.focusHandled();
        }
      }
      if (pending && ++frames < MAX_FRAMES) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => {
      if (frame) cancelAnimationFrame(frame);
    };
  }, [store, dlp, rootRequest, dlpRequest, loading, drawerOpen]);

  return <span ref={marker} hidden />;
});

function focusLost(doc: Document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || !active.isConnected;
}

function focusHeading(root: Element): boolean {
  const target = root.querySelector<HTMLElement>('h1') ?? root.querySelector<HTMLElement>('[data-aisle="item-count"]');
  if (!target) return false;
  // A heading is not focusable by itself; -1 keeps it out of the tab order.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
