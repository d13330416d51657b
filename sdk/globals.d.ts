/** The `Symbol.for` key under which aisle.js keeps the app (set by scripts/build-embed.ts). */
declare const __AISLE_APP_REGISTRY__: string;
/** The app's classic script, relative to aisle.js (set by scripts/build-embed.ts). */
declare const __AISLE_APP_FILE__: string;

/** React's scheduler: the copy react-dom uses (bundled with it, so the page's own React is not touched). */
declare module 'scheduler' {
  /** React works for 1000/fps ms before it gives the main thread back; 0 restores its default (5 ms). */
  export function unstable_forceFrameRate(fps: number): void;
}
