/**
 * The names Aisle shares with the pages that embed it, declared once: the embed, the app, the
 * extension and the local stack import them from here, so that no two copies can drift. Only
 * constants and types: nothing here needs React, the DOM or a store.
 */

/** Id of the `<script type="application/json">` element holding a page's render context. */
export const CONTEXT_ELEMENT_ID = 'aisle-context';

/** Id of the `<template>` holding the head tags a page wants Aisle to copy into the head. */
export const HEAD_TEMPLATE_ID = 'aisle-head';

/** The window event Aisle dispatches at each search and analytics step, for debugging tools. */
export const DEBUG_EVENT = 'aisle:debug';

/** The name of Aisle's global on the page (`window.Aisle`). */
export const GLOBAL_NAME = 'Aisle';

/** What `window.Aisle` offers the page. */
export interface AisleGlobal {
  version: string;
  /** Renders Aisle for a render context; resolves once the first render is on screen. */
  mount(context: unknown): Promise<void>;
  /** Removes everything Aisle installed and restores the host's content. */
  unmount(): void;
  debug: {
    /** A JSON-safe picture of the analytics queue and the search state; never holds the token. */
    snapshot(): unknown;
  };
}

/**
 * A window as Aisle's code sees it. The global is `unknown` when read: the page may have put
 * anything there (an older Aisle, another script's object), and reading it must not trust it.
 */
export type WindowWithAisle = { [GLOBAL_NAME]?: unknown };

/** The debug snapshot before anything was mounted (and the parts of it nothing has filled yet). */
export function emptyDebugSnapshot(): {
  analytics: { status: 'created'; visitorId: null; tokenExp: null; events: [] };
  mount: { state: 'none'; reason: null };
  search: { loading: false; lastRequest: null; lastLatencyMs: null };
} {
  return {
    analytics: { status: 'created', visitorId: null, tokenExp: null, events: [] },
    mount: { state: 'none', reason: null },
    search: { loading: false, lastRequest: null, lastLatencyMs: null },
  };
}
