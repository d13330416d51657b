/** Kept by aisle.js so `Aisle.consent()` works before mount; the app gets this object from the mount call. */
import { PageConsent, sendsGpc } from '../core/consent.js';

let consent: PageConsent | undefined;

/** The page's consent, made at its first use with the browser's Global Privacy Control signal. */
export function pageConsent(): PageConsent {
  return (consent ??= new PageConsent(sendsGpc(globalThis.navigator)));
}
