/**
 * Messages between the extension's own contexts (content scripts, popup, panels → background).
 * Request/response only for control; page data flows one way (`pageMessage`).
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { PreviewStatus } from './pageData.js';

/** What the popup shows about a tab's preview. */
export interface TabStatus {
  /** The preview script's report for the current page load, or null when it did not run. */
  preview: PreviewStatus | null;
  /** The URL of the latest page load the extension saw, or null. */
  loadUrl: string | null;
  /** The last search error on that load, if any. */
  searchError: string | null;
  /** Why the preview could not be registered, if it could not. */
  registrationError: string | null;
}

/** A page message forwarded by the relay (validated again by the background). */
export interface ForwardedPageMessage {
  loadId: string;
  url: string;
  kind: string;
  raw: unknown;
}

interface ProtocolMap {
  pageMessage(message: ForwardedPageMessage): void;
  /** A page started in the tab (every page, whether or not it runs Aisle), or came back from the back-forward cache. */
  pageStarted(loadId: string): void;
  tabStatus(tabId: number): TabStatus;
  clearTab(tabId: number): void;
  /** Re-registers the preview scripts for the current settings; resolves with the error, if any. */
  syncPreview(): string | null;
  /** True when the local stack answers at that origin (the background has no page CORS to obey). */
  checkLocalStack(origin: string): boolean;
  /** A page was opened with a shared preview link (its address without the fragment, and the payload). */
  sharedPreview(link: { page: string; payload: string }): void;
}

export const extensionMessaging = defineExtensionMessaging<ProtocolMap>();
