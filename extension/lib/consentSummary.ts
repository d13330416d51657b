/** The page's reported consent, read as untrusted input and said in one line for the inspector. */
import {
  isRecord,
  CONSENT_CATEGORIES,
  type ConsentCategory,
  type ConsentStatus,
  CONSENT_MODES,
  type ConsentMode,
} from '../../sdk/public/tools.js';

/** Where consent stands on the inspected page. */
export type ConsentInfo = { mode: ConsentMode; gpc: boolean } & Record<ConsentCategory, ConsentStatus>;

const STATUSES: readonly ConsentStatus[] = ['granted', 'denied', 'pending'];

/** The snapshot's `consent`, or null when it is absent or not one. */
export function readConsent(raw: unknown): ConsentInfo | null {
  if (!isRecord(raw)) return null;
  const mode = CONSENT_MODES.find((m) => m === raw.mode);
  if (!mode) return null;
  const info = { mode, gpc: raw.gpc === true } as ConsentInfo;
  for (const category of CONSENT_CATEGORIES) {
    const status = STATUSES.find((s) => s === raw[category]);
    if (!status) return null;
    info[category] = status;
  }
  return info;
}

/** One line: `required · GPC · analytics pending, errors denied, …`. */
export function consentLine(consent: ConsentInfo): string {
  const parts = CONSENT_CATEGORIES.map((category) => `${category} ${consent[category]}`).join(', ');
  return `${consent.mode}${consent.gpc ? ' · Global Privacy Control' : ''} · ${parts}`;
}

/** Why the page's events wait, when they do; null when none waits. */
export function heldReason(consent: ConsentInfo | null, held: number): string | null {
  if (held <= 0) return null;
  const why = consent?.analytics === 'pending' ? 'until the shopper consents to analytics' : 'for consent';
  return `${held} event${held === 1 ? '' : 's'} held in the page's memory ${why}: nothing is stored or sent before`;
}
