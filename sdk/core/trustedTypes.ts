/**
 * Aisle's one Trusted Types policy, `aisle`. Pages that enforce Trusted Types
 * (`require-trusted-types-for 'script'`) refuse plain strings at the DOM's script and HTML sinks;
 * Aisle reaches three of them: the app's script address (aisle.js), sanitised server HTML and the
 * escaped JSON-LD (the app), and DOMPurify's own parsing, which is handed this same policy. A page that
 * lists allowed policies (`trusted-types …`) names `aisle` and nothing else for Aisle.
 *
 * A policy name can be created once per page (unless the page allows duplicates), so aisle.js
 * creates it and hands it to the app (`AisleApp.adoptPolicy`, kept by sdk/ui/trustedHtml.ts); a
 * bundle that runs the app without aisle.js (the extension's preview) creates it on first use.
 */

/** The name a page's `trusted-types` directive must list. */
export const POLICY_NAME = 'aisle';

/** What the policy makes; every rule passes its input through (see createAislePolicy). */
export interface AislePolicy {
  createHTML(input: string): unknown;
  createScript(input: string): unknown;
  createScriptURL(input: string): unknown;
}

type Rules = { [K in keyof AislePolicy]: (input: string) => string };
type TrustedTypesApi = { createPolicy(name: string, rules: Rules): AislePolicy };

/** The page's Trusted Types API, when the browser has one. */
export function trustedTypesApi(scope: object): TrustedTypesApi | undefined {
  const api = (scope as { trustedTypes?: Partial<TrustedTypesApi> }).trustedTypes;
  return typeof api?.createPolicy === 'function' ? (api as TrustedTypesApi) : undefined;
}

/**
 * Creates the `aisle` policy; null when the browser has no Trusted Types or the page does not allow
 * the name (then Aisle's writes fall back to plain strings, which only an enforcing page refuses).
 * The rules pass their input through: callers hand them only addresses Aisle built from its own
 * script's, text DOMPurify is about to sanitise or has sanitised, and JSON-LD escaped so that it
 * cannot close its element.
 */
export function createAislePolicy(scope: object): AislePolicy | null {
  const api = trustedTypesApi(scope);
  if (!api) return null;
  const same = (input: string) => input;
  try {
    return api.createPolicy(POLICY_NAME, { createHTML: same, createScript: same, createScriptURL: same });
  } catch {
    console.error(
      `[Aisle] this page's Content-Security-Policy does not allow the Trusted Types policy "${POLICY_NAME}": ` +
        `add it to the trusted-types directive (see docs/security.md).`,
    );
    return null;
  }
}
