/**
 * Every storage key, declared once: `local` survives restarts; `session` holds the inspector's buffers so a
 * stopped service worker finds them again. WXT names a key with its area: `local:aisle:sites`.
 */
import { storage, type WxtStorageItem } from 'wxt/utils/storage';

export const STORAGE_KEYS = {
  /** `Record<origin, SiteSettings>` in storage.local. */
  sites: 'aisle:sites',
  /** `CustomTenant[]` imported from JSON in storage.local. */
  customTenants: 'aisle:custom-tenants',
  /** The local stack's origin (development environment) in storage.local. */
  localStack: 'aisle:local-stack',
  /** The last error of the content-script registration, in storage.session. */
  registrationError: 'aisle:registration-error',
  /** The analytics service's address and the read key pasted in the inspector, in storage.local. */
  readKey: 'aisle:inspector-read-key',
  /**
   * Prefix of one tab's inspector buffer in storage.session: `aisle:tab:{tabId}` lists its page
   * loads, each under `aisle:tab:{tabId}:load:{loadId}`.
   */
  tabPrefix: 'aisle:tab:',
  /**
   * The history of inspected page loads, in storage.local so that it survives a browser restart:
   * the index lists the kept loads, each stored under `aisle:history:load:{loadId}` (historyArchive.ts).
   */
  history: 'aisle:history',
  /** An id of this browser session in storage.session (which the browser empties when it closes). */
  browserSession: 'aisle:browser-session',
} as const;

/** The storage.session key of one tab's inspector buffer. */
export function tabKey(tabId: number): string {
  return `${STORAGE_KEYS.tabPrefix}${tabId}`;
}

/** The WXT storage key (area and key) of one tab's inspector buffer. */
export function tabStorageKey(tabId: number): `session:${string}` {
  return `session:${tabKey(tabId)}`;
}

/** The WXT storage key of one page load of a tab's inspector buffer. */
export function loadStorageKey(tabId: number, loadId: string): `session:${string}` {
  return `session:${tabKey(tabId)}:load:${loadId}`;
}

/**
 * The last error of the content-script registration (null: none), in storage.session. Defined on
 * demand: WXT binds an item to the extension API when it is defined.
 */
export function registrationErrorItem(): WxtStorageItem<string | null, Record<string, unknown>> {
  return storage.defineItem<string | null>(`session:${STORAGE_KEYS.registrationError}`, { fallback: null });
}

/** A read key of the analytics service and the address it is for. */
export interface SavedReadKey {
  analyticsHost: string;
  key: string;
}

/** The read key the inspector compares with (null: none), in storage.local; never shown back in full. */
export function readKeyItem(): WxtStorageItem<SavedReadKey | null, Record<string, unknown>> {
  return storage.defineItem<SavedReadKey | null>(`local:${STORAGE_KEYS.readKey}`, { fallback: null });
}

/** The WXT storage key of one page load kept in the history. */
export function historyLoadKey(loadId: string): `local:${string}` {
  return `local:${STORAGE_KEYS.history}:load:${loadId}`;
}

/** One page load kept in the history, as its index lists it. */
export interface HistoryEntry {
  loadId: string;
  tabId: number;
  /** The browser session (see `browserSessionItem`) that last saved it. */
  browserSession: string;
  startedAt: number;
  /** When it was last saved (epoch ms): a load of an earlier browser session said nothing after. */
  savedAt: number;
  /** The length of its stored JSON text, which the history's cap counts. */
  bytes: number;
}

/** The history's index (oldest page load first), in storage.local. */
export function historyIndexItem(): WxtStorageItem<{ entries: HistoryEntry[] }, Record<string, unknown>> {
  return storage.defineItem<{ entries: HistoryEntry[] }>(`local:${STORAGE_KEYS.history}`, {
    fallback: { entries: [] },
  });
}

/** This browser session's id (null until the background made one), in storage.session. */
export function browserSessionItem(): WxtStorageItem<string | null, Record<string, unknown>> {
  return storage.defineItem<string | null>(`session:${STORAGE_KEYS.browserSession}`, { fallback: null });
}

/** The part of WXT's storage that the inspector's buffers use (a fake in tests). */
export interface SessionStorage {
  getItem(key: `session:${string}`): Promise<unknown>;
  setItem(key: `session:${string}`, value: unknown): Promise<void>;
  removeItem(key: `session:${string}`): Promise<void>;
}
