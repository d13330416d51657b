/**
 * The shopper's consent as the retailer's tool reports it through `Aisle.consent(…)`: one per page,
 * so a choice made before or between mounts holds; Aisle never stores it. `implied` runs what was not
 * refused, `required` only what was granted; Global Privacy Control (a legal opt-out in California)
 * turns the third parties off whatever else says.
 */
import type { ConsentPort } from '../ports/env.js';
import { consentModeFor, type ConsentMode, type ConsentSetting } from './consentSetting.js';

/** What the shopper may consent to: Aisle's analytics, and each third party. */
export const CONSENT_CATEGORIES = ['analytics', 'errors', 'clicks', 'experiments'] as const;
/** One consent category. */
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** The shopper's choices: true grants, false withdraws, a missing key leaves that category as it was. */
export type ConsentChoices = Partial<Record<ConsentCategory, boolean>>;
/** Where a category stands, for the inspector: granted, refused (or withdrawn), or not asked yet. */
export type ConsentStatus = 'granted' | 'denied' | 'pending';

/** The third parties, which Global Privacy Control turns off. */
const THIRD_PARTIES: readonly ConsentCategory[] = ['errors', 'clicks', 'experiments'];

/** The choices in `raw`, or why it cannot be read (nothing is applied from a call with a mistake). */
export function readChoices(raw: unknown): { ok: true; choices: ConsentChoices } | { ok: false; error: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, error: 'Aisle.consent() takes an object such as { analytics: true }' };
  const choices: ConsentChoices = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(CONSENT_CATEGORIES as readonly string[]).includes(key))
      return { ok: false, error: `Aisle.consent(): unknown category "${key}" (${CONSENT_CATEGORIES.join(', ')})` };
    if (value === undefined) continue;
    if (typeof value !== 'boolean') return { ok: false, error: `Aisle.consent(): ${key} must be true or false` };
    choices[key as ConsentCategory] = value;
  }
  return { ok: true, choices };
}

/** True when the browser sends Global Privacy Control (`navigator.globalPrivacyControl`). */
export function sendsGpc(nav: unknown): boolean {
  return (nav as { globalPrivacyControl?: unknown } | undefined)?.globalPrivacyControl === true;
}

/** The page's consent: the shopper's choices so far, the GPC signal, and who follows them. */
export class PageConsent implements ConsentPort {
  private choices: ConsentChoices = {};
  private readonly listeners = new Set<() => void>();

  constructor(readonly gpc: boolean) {}

  /** A call holding a mistake changes nothing and returns what is wrong (else null). */
  set(raw: unknown): string | null {
    const read = readChoices(raw);
    if (!read.ok) return read.error;
    const next = { ...this.choices, ...read.choices };
    if (CONSENT_CATEGORIES.every((category) => next[category] === this.choices[category])) return null;
    this.choices = next;
    this.listeners.forEach((listener) => {
      try {
        listener();
      } catch {
        /* one follower's failure must not keep the others from hearing a withdrawal */
      }
    });
    return null;
  }

  allows(category: ConsentCategory, mode: ConsentMode): boolean {
    if (this.gpc && THIRD_PARTIES.includes(category)) return false;
    return this.choices[category] ?? mode === 'implied';
  }

  refused(category: ConsentCategory): boolean {
    return this.choices[category] === false || (this.gpc && THIRD_PARTIES.includes(category));
  }

  /** Where each category stands under `mode`, and the signal, for the inspector and the snapshot. */
  status(mode: ConsentMode): { mode: ConsentMode; gpc: boolean } & Record<ConsentCategory, ConsentStatus> {
    const of = (category: ConsentCategory): ConsentStatus =>
      this.allows(category, mode) ? 'granted' : this.refused(category) ? 'denied' : 'pending';
    return {
      mode,
      gpc: this.gpc,
      analytics: of('analytics'),
      errors: of('errors'),
      clicks: of('clicks'),
      experiments: of('experiments'),
    };
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Whether `category` may store and send on a page of tenant `config` in `region` (no consent kept: implied). */
export function permits(
  consent: ConsentPort | undefined,
  category: ConsentCategory,
  config: { consent?: ConsentSetting },
  region: string,
): boolean {
  return !consent || consent.allows(category, consentModeFor(config.consent, region));
}
