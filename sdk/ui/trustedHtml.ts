/**
 * Pages that enforce Trusted Types (`require-trusted-types-for 'script'`) refuse HTML given as a
 * plain string. Aisle writes HTML in exactly two places, both already safe: sanitised server HTML
 * (DOMPurify) and escaped JSON-LD. Those go through Aisle's one policy, `aisle`
 * (sdk/core/trustedTypes.ts); a retailer whose CSP lists allowed policies adds `aisle` to it.
 */
import { createAislePolicy, trustedTypesApi, type AislePolicy } from '../core/trustedTypes.js';

let shared: AislePolicy | null | undefined;

/** The policy of this copy of Aisle: the one handed over, else created on first use. */
export function aislePolicy(): AislePolicy | null {
  if (shared === undefined) shared = createAislePolicy(globalThis);
  return shared;
}

/** Takes the policy aisle.js created (before anything of the app used one). */
export function adoptAislePolicy(policy: AislePolicy | null): void {
  shared ??= policy;
}

let refusesStrings: boolean | undefined;

/**
 * True when the page refuses plain strings as HTML. Asked only when Aisle has no policy on a browser
 * with Trusted Types: the probe itself counts as a violation on an enforcing page, so it runs once.
 */
export function refusesPlainHtml(scope: object = globalThis): boolean {
  if (!trustedTypesApi(scope)) return false;
  if (refusesStrings === undefined) {
    try {
      document.createElement('template').innerHTML = '';
      refusesStrings = false;
    } catch {
      refusesStrings = true;
    }
  }
  return refusesStrings;
}

/**
 * `json` (escaped JSON-LD) as the text of a data script, or null when the page accepts none.
 * Data scripts never run, but Trusted Types guard every script's text all the same.
 */
export function trustedScriptText(json: string): string | null {
  const active = aislePolicy();
  if (active) return active.createScript(json) as string;
  return refusesPlainHtml() ? null : json;
}

/**
 * `html` (sanitised or escaped by the caller) in the form the page accepts for innerHTML, or null
 * when the page accepts no HTML from Aisle at all (then the caller inserts nothing).
 */
export function trustedHtml(html: string): string | null {
  const active = aislePolicy();
  if (active) return active.createHTML(html) as string;
  return refusesPlainHtml() ? null : html;
}
