/**
 * The consent of this page, kept by aisle.js: `Aisle.consent()` sets it at any time (before Aisle
 * mounts too), the first paint's analytics read it, and each mount of the app follows it. Only
 * aisle.js's modules import this; the app gets the same object from the mount call.
 */
import { PageConsent, sendsGpc } from '../core/consent.js';

let consent: PageConsent | undefined;

/** The page's consent, made at its first use with the browser's Global Privacy Control signal. */
export function pageConsent(): PageConsent {
  return (consent ??= new PageConsent(sendsGpc(globalThis.navigator)));
}
