/**
 * What an end-to-end journey may ask of a browser, whatever the engine behind it. Each engine has
 * one adapter (chromium.ts, firefox.ts, webkit.ts); journeys are written once against these types.
 */

/** The engines the journeys run in. */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

/**
 * An element: a CSS selector, optionally narrowed to those whose text contains `text`, and the
 * `nth` of those (0 by default). Playwright's `:has-text()` is not CSS, so the text is a field.
 */
export type Target = string | { selector: string; text?: string; nth?: number };

/** The keys journeys press, by their DOM `key` names. */
export type Key = 'Escape' | 'Enter' | 'Tab' | 'ArrowLeft' | 'ArrowRight' | 'Backspace' | 'End' | 'Home';

/** One tab with its own storage (cookies, localStorage, IndexedDB are not shared with other tabs). */
export interface EnginePage {
  readonly engine: EngineName;
  /** Opens `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  /** The address the tab shows. */
  url(): Promise<string>;
  /** Runs `fn(arg)` in the page (it is serialised: no closures) and returns its JSON-able result. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<Awaited<R>>;
  /** Clicks the middle of the element as a shopper does (a trusted event), scrolling it into view. */
  click(target: Target): Promise<void>;
  /** Focuses the element, selects what it holds and types `text` key by key. */
  type(target: Target, text: string): Promise<void>;
  /** Presses and releases a key on the focused element. */
  press(key: Key): Promise<void>;
  /** Presses the mouse on the element's middle, moves it by (dx, dy) in steps and releases it. */
  drag(target: Target, dx: number, dy: number): Promise<void>;
  /** Sets the layout viewport (CSS pixels): `innerWidth` × `innerHeight`. */
  setViewport(width: number, height: number): Promise<void>;
  /** Polls `fn(arg)` in the page until it is truthy; fails after `timeoutMs` with `what`. */
  waitFor<A>(fn: (arg: A) => unknown, arg?: A, options?: { timeoutMs?: number; what?: string }): Promise<void>;
  /** Waits until the element exists. */
  waitForSelector(target: Target, timeoutMs?: number): Promise<void>;
  /** Saves a PNG of the viewport under e2e/artifacts/{engine}-{name}.png. */
  screenshot(name: string): Promise<void>;
  /** The browser's Back, Forward and Reload (what the toolbar buttons do). */
  back(): Promise<void>;
  forward(): Promise<void>;
  reload(): Promise<void>;
  /**
   * Uncaught errors, unhandled rejections and console errors the tab reported so far. WebDriver
   * classic reports none of them: in WebKit they are collected in the page from each load on.
   */
  errors(): Promise<string[]>;
  /** Closes the tab and drops its storage. */
  close(): Promise<void>;
}

/** A launched browser of one engine. */
export interface Engine {
  readonly name: EngineName;
  /** Product and version, e.g. `firefox/153.7.0`. */
  readonly version: string;
  /** A new tab of the given viewport, in a fresh storage partition. */
  newPage(viewport?: { width: number; height: number }): Promise<EnginePage>;
  close(): Promise<void>;
}
