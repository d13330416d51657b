/** Path of the app's entry chunk relative to aisle.js, set by scripts/build-embed.ts. */
declare const __AISLE_APP_CHUNK__: string;
