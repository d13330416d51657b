import type { LifecycleAdapter } from '../ports/lifecycle.js';

/**
 * Hidden (on mobile often the last reliable moment) and `pagehide` trigger the keepalive flush;
 * `storage` (another tab queued events) wakes the sender.
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
