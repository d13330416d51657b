import type { LifecycleAdapter } from '../ports/lifecycle.js';

/**
 * The page signals the analytics session needs: the page becoming hidden (tab switch, app switch
 * on mobile, often the last reliable moment) and `pagehide` (unload or back-forward cache) for the
 * keepalive flush, and `storage` (another tab queued events) to wake the sender. Each registration
 * returns its cleanup.
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
    // Fired in the other tabs of the origin only, which is exactly who needs to hear about a write.
    onStorageChange(callback) {
      const listener = (event: StorageEvent): void => callback(event.key);
      win.addEventListener('storage', listener);
      return () => win.removeEventListener('storage', listener);
    },
  };
}
