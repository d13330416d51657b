/**
 * Aisle's one Trusted Types policy, `aisle`, for its script address, sanitised HTML, JSON-LD and
 * DOMPurify. A name can be created once per page, so aisle.js creates it and hands it to the app; a
 * bundle without aisle.js (the extension's preview) creates it on first use.
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
 * Creates the `aisle` policy, or null (writes then fall back to plain strings). The rules pass input
 * through: callers hand them only Aisle's own addresses, DOMPurify's text and escaped JSON-LD.
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
