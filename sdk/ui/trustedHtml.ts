/**
 * Pages that enforce Trusted Types (`require-trusted-types-for 'script'`) refuse HTML given as a
 * plain string. Aisle writes HTML in exactly two places, both already safe: sanitised server HTML
 * (DOMPurify) and escaped JSON-LD. Those go through this one named policy, `aisle`; a retailer
 * whose CSP lists allowed policies (`trusted-types …`) adds `aisle` to it.
 */
type HtmlPolicy = { createHTML(input: string): unknown; createScript(input: string): unknown };

let policy: HtmlPolicy | null | undefined;

function aislePolicy(): HtmlPolicy | null {
  if (policy !== undefined) return policy;
  type Rules = { createHTML(s: string): string; createScript(s: string): string };
  const api = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: Rules): HtmlPolicy } }).trustedTypes;
  try {
    // The rules pass their input through: callers hand them only sanitised or escaped text.
    policy = api ? api.createPolicy('aisle', { createHTML: (input) => input, createScript: (input) => input }) : null;
  } catch {
    // The page's CSP does not allow the policy name: such pages get no server HTML.
    policy = null;
  }
  return policy;
}

/**
 * `json` (escaped JSON-LD) as the text of a data script, or null when the page accepts none.
 * Data scripts never run, but Trusted Types guard every script's text all the same.
 */
export function trustedScriptText(json: string): string | null {
  const active = aislePolicy();
  if (active) return active.createScript(json) as string;
  return enforced() ? null : json;
}

/** True when the page refuses plain strings as HTML. */
function enforced(): boolean {
  try {
    document.createElement('template').innerHTML = '';
    return false;
  } catch {
    return true;
  }
}

/**
 * `html` (sanitised or escaped by the caller) in the form the page accepts for innerHTML, or null
 * when the page accepts no HTML from Aisle at all (then the caller inserts nothing).
 */
export function trustedHtml(html: string): string | null {
  const active = aislePolicy();
  if (active) return active.createHTML(html) as string;
  return enforced() ? null : html;
}
