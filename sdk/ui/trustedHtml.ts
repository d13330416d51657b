/** Aisle writes HTML in two places only, both already safe (sanitised HTML, escaped JSON-LD), through its one policy. */
import { createAislePolicy, trustedTypesApi, type AislePolicy } from '../core/trustedTypes.js';

let shared: AislePolicy | null | undefined;

/** The policy of this copy of Aisle: the one handed over, else created on first use. */
export function aislePolicy(): AislePolicy | null {
  if (shared === undefined) shared = createAislePolicy(globalThis);
  return shared;
}

/** Takes the policy aisle.js created. */
export function adoptAislePolicy(policy: AislePolicy | null): void {
  shared ??= policy;
}

let refusesStrings: boolean | undefined;

/** True when the page refuses plain strings as HTML; the probe counts as a violation, so it runs once. */
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

/** Escaped JSON-LD as a data script's text (Trusted Types guard even those), or null. */
export function trustedScriptText(json: string): string | null {
  const active = aislePolicy();
  if (active) return active.createScript(json) as string;
  return refusesPlainHtml() ? null : json;
}

/** Already-safe `html` in the form the page accepts for innerHTML, or null (then nothing is inserted). */
export function trustedHtml(html: string): string | null {
  const active = aislePolicy();
  if (active) return active.createHTML(html) as string;
  return refusesPlainHtml() ? null : html;
}
