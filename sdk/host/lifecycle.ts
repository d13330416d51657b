import type { LifecycleAdapter } from '../analytics/types.js';

/**
 * The page lifecycle signals the analytics flush needs: the page becoming hidden (tab switch, app
 * switch on mobile, often the last reliable moment) and `pagehide` (unload or back-forward cache).
 * Each registration returns its cleanup.
 */
export function browserLifecycle(win: Window): LifecycleAdapter {
  return {
    onHidden(callback) {
      const doc = win.document;
      const listener = (): void => {
        if (doc.visibilityState === 'hidden') callback();
      };
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
    onPageHide(callback) {
      const listener = (): void => callback();
      win.addEventListener('pagehide', listener);
      return () => win.removeEventListener('pagehide', listener);
    },
  };
}
