/** The `Symbol.for` key under which aisle.js keeps the app (set by scripts/build-embed.ts). */
declare const __AISLE_APP_REGISTRY__: string;
