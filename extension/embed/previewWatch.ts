/**
 * What the preview watches, each an adapter returning its cleanup: route changes without a page load and
 * the listing changing under Aisle.
 */

/** The address without its fragment: match patterns never see the fragment. */
function addressOf(win: Window): string {
  const { href } = win.location;
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}

/**
 * Calls `onChange` after `history.pushState`/`replaceState` or Back/Forward moved the address
 * (the fragment aside) without a page load. The preview starts before the page's own scripts, so
 * its wrappers sit under the router's calls; the cleanup puts the originals back unless someone
 * wrapped them since.
 */
export function watchRoute(win: Window, onChange: () => void): () => void {
  const { history } = win;
  let last = addressOf(win);
  const check = (): void => {
    const now = addressOf(win);
    if (now === last) return;
    last = now;
    onChange();
  };
  const wrap = (original: History['pushState']): History['pushState'] =>
    function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      check();
      return result;
    };
  const originals = { pushState: history.pushState, replaceState: history.replaceState };
  const patched = { pushState: wrap(originals.pushState), replaceState: wrap(originals.replaceState) };
  history.pushState = patched.pushState;
  history.replaceState = patched.replaceState;
  win.addEventListener('popstate', check);
  return () => {
    win.removeEventListener('popstate', check);
    if (history.pushState === patched.pushState) history.pushState = originals.pushState;
    if (history.replaceState === patched.replaceState) history.replaceState = originals.replaceState;
  };
}

/** How long DOM changes gather before the listing is looked at again. */
export const LISTING_SETTLE_MS = 100;

/**
 * Calls `onChange` once the DOM under `root` has stopped changing for a moment (mutations gather
 * for LISTING_SETTLE_MS), however long React takes to render the cards.
 */
export function watchListing(
  win: Window & Pick<typeof globalThis, 'MutationObserver'>,
  root: Node,
  onChange: () => void,
): () => void {
  let timer: number | null = null;
  const observer = new win.MutationObserver(() => {
    if (timer !== null) win.clearTimeout(timer);
    timer = win.setTimeout(() => {
      timer = null;
      onChange();
    }, LISTING_SETTLE_MS);
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-aisle', 'data-aisle-ready'],
  });
  return () => {
    observer.disconnect();
    if (timer !== null) win.clearTimeout(timer);
  };
}
