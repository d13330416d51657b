/**
 * What the extension's preview runs on a retailer's page: the app aisle.js loads, the page adapters
 * aisle.js keeps (the page's event handlers, card slots and consent), and the app's rules.
 */
export { app } from '../app.js';
export { createAisleInstance } from '../host/instance.js';
export type { AisleInstance } from '../host/instance.js';
export { keepLayoutOnly, wantsUnstyled } from '../host/unstyled.js';
export { PageConsent, sendsGpc } from '../core/consent.js';
export { AISLE_CSS } from '../ui/appStylesheet.js';
