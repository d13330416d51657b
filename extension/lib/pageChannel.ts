/**
 * The channel between the main-world scripts and the relay. The page can read and spoof it, so everything
 * through it is validated (pageData.ts). A send with no listener never settles: every send is one-way, never awaited.
 */
import { defineWindowMessaging } from '@webext-core/messaging/page';
import type { PreviewConfig } from './previewContext.js';

/** Why the preview no longer runs on the page, in words (it steps back and says so). */
export interface PreviewOff {
  off: string;
  /** True when the relay reported it as a failure itself: the preview steps back without a word. */
  failed?: boolean;
}

interface PageProtocol {
  /** Main world → relay: the preview script is listening for its config. */
  previewHello(): void;
  /** Main world → relay: what the preview script did. */
  previewStatus(status: unknown): void;
  /** Main world → relay: an `aisle:debug` detail. */
  aisleDebug(detail: unknown): void;
  /** Main world → relay: a changed `Aisle.debug.snapshot()`. */
  aisleSnapshot(snapshot: unknown): void;
  /** Main world → relay: the address changed without a page load (a single-page site's route). */
  previewRoute(): void;
  /** Relay → main world: the preview's config, or why it no longer runs on the page (null: not enabled). */
  previewConfig(config: PreviewConfig | PreviewOff | null): void;
}

/** Creates the page channel (one per script: each type has one listener per messenger). */
export function createPageChannel() {
  return defineWindowMessaging<PageProtocol>({ namespace: 'aisle-extension' });
}
