/** The embed's version, reported by `window.Aisle.version`. */
export const VERSION = '0.1.0';
