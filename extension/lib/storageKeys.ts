/**
 * Every storage key the extension uses, declared once. `local` survives browser restarts (the
 * per-site settings); `session` lives as long as the browser and holds the inspector's buffers, so
 * that a stopped service worker finds them again.
 */
export const STORAGE_KEYS = {
  /** `Record<hostname, SiteSettings>` in storage.local. */
  sites: 'aisle:sites',
  /** `CustomTenant[]` imported from JSON in storage.local. */
  customTenants: 'aisle:custom-tenants',
  /** The local stack's origin (development environment) in storage.local. */
  localStack: 'aisle:local-stack',
  /** The last error of the content-script registration, in storage.session. */
  registrationError: 'aisle:registration-error',
  /** Prefix of one tab's inspector buffer in storage.session: `aisle:tab:{tabId}`. */
  tabPrefix: 'aisle:tab:',
} as const;

/** The storage.session key of one tab's inspector buffer. */
export function tabKey(tabId: number): string {
  return `${STORAGE_KEYS.tabPrefix}${tabId}`;
}

/** The subset of a `browser.storage` area the extension's modules need (fake-browser in tests). */
export interface StorageArea {
  get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}
