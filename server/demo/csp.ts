/**
 * Demo pages behind each documented Content-Security-Policy (`?csp=…`), with a fresh nonce and a
 * watcher that lists every violation in `<html data-csp-violations>`, so a journey can count them.
 */
import { randomBytes } from 'node:crypto';

/** The cases, by the value of `?csp=`. */
export const CSP_CASES = ['self', 'nonce-strict-dynamic', 'nonce', 'trusted-types', 'strict'] as const;
/** One `?csp=` case. */
export type CspCase = (typeof CSP_CASES)[number];

/** What a page under a policy needs: the header's value and the nonce its own scripts carry. */
export interface PagePolicy {
  header: string;
  nonce: string;
}

/** The exact header of each case (`{nonce}` stands for the page's fresh nonce). */
export const CSP_HEADERS: Record<CspCase, string> = {
  self: "script-src 'self'; object-src 'none'; base-uri 'none'",
  'nonce-strict-dynamic': "script-src 'nonce-{nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'",
  nonce: "script-src 'nonce-{nonce}'; object-src 'none'; base-uri 'none'",
  'trusted-types': "require-trusted-types-for 'script'; trusted-types aisle",
  strict:
    "script-src 'nonce-{nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'; require-trusted-types-for 'script'; trusted-types aisle",
};

/** The policy `?csp=` asks for, with a fresh nonce; null without `?csp=`; throws on an unknown case. */
export function pagePolicy(url: URL): PagePolicy | null {
  const asked = url.searchParams.get('csp');
  if (asked === null) return null;
  if (!(CSP_CASES as readonly string[]).includes(asked))
    throw new RangeError(`?csp=${asked} is not a case: expected ${CSP_CASES.join(', ')}`);
  const nonce = randomBytes(16).toString('base64');
  return { header: CSP_HEADERS[asked as CspCase].replace('{nonce}', nonce), nonce };
}

/** The `nonce` attribute for the page's own scripts ('' on a page without a policy). */
export function nonceAttribute(policy: PagePolicy | null | undefined): string {
  return policy ? ` nonce="${policy.nonce}"` : '';
}

/** The watcher's script tag, first in the head so it sees every violation ('' without a policy). */
export function violationWatcher(policy: PagePolicy | null | undefined): string {
  return policy ? `<script src="/demo/csp-watch.js"${nonceAttribute(policy)}></script>` : '';
}

/** The watcher's code: an attribute rather than a global, so the page's globals stay the shop's and Aisle's. */
export const VIOLATION_WATCHER_JS = `(function () {
  var root = document.documentElement;
  root.setAttribute('data-csp-violations', '[]');
  document.addEventListener('securitypolicyviolation', function (event) {
    var seen = JSON.parse(root.getAttribute('data-csp-violations') || '[]');
    seen.push({ directive: event.effectiveDirective || event.violatedDirective, blocked: String(event.blockedURI || ''), sample: String(event.sample || '').slice(0, 80), source: String(event.sourceFile || '') + ':' + event.lineNumber });
    root.setAttribute('data-csp-violations', JSON.stringify(seen));
  });
})();
`;
