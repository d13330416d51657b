import { useEffect, useState } from 'react';
import { trustedHtml } from '../trustedHtml.js';
import { useStores } from '../StoreContext.js';
import { aislePolicy, refusesPlainHtml } from '../trustedHtml.js';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | undefined;

// No event-handler attribute in it: browsers parsing it under `script-src` without
// 'unsafe-inline' report each one as a CSP violation, even in the sanitiser's inert document.
const PROBE = '<script>alert(1)</script><a href="javascript:alert(1)">a</a><iframe srcdoc="x"></iframe>';

/**
 * Trusts a sanitiser only after it proved itself on a hostile probe: a DOM where it cannot work
 * (some test DOMs parse in ways DOMPurify does not expect) gets a sanitiser that lets nothing in.
 */
export function checkedSanitizer(sanitize: Sanitize): Sanitize {
  const probe = sanitize(PROBE);
  return /<script|javascript:|<iframe/i.test(probe) ? () => '' : sanitize;
}

/**
 * DOMPurify, loaded on demand: server HTML is below the fold or on the rare not-found page. It parses
 * through Aisle's own Trusted Types policy (null: none, so it never creates its `dompurify` one,
 * which a page listing only `aisle` would refuse); without a policy on a page that refuses plain
 * strings, nothing could be parsed or inserted, so nothing is.
 */
export function loadSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('dompurify').then(({ default: DOMPurify }) => {
    const policy = aislePolicy();
    if (!policy && refusesPlainHtml()) return () => '';
    return checkedSanitizer((html) =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
        FORBID_ATTR: ['style'],
        TRUSTED_TYPES_POLICY: policy as TrustedTypesPolicyOption,
      }),
    );
  });
  return sanitizer;
}

/** DOMPurify's type for the option (null turns its own policy off). */
type TrustedTypesPolicyOption = NonNullable<
  Parameters<typeof import('dompurify').default.sanitize>[1]
>['TRUSTED_TYPES_POLICY'];

/**
 * Server HTML (SEO description, not-found page) after DOMPurify; nothing is inserted before it is
 * sanitised. While the sanitiser loads, the element keeps its place empty.
 */
export function SafeHtml({ html, className, hook }: { html: string; className: string; hook: string }) {
  const [clean, setClean] = useState<string | null>(null);
  // In adopted server markup the server's sanitised copy is on show: it stays (React leaves content
  // given as HTML alone while it adopts) until this sanitiser's own copy replaces it.
  const { serverMarkup } = useStores();
  const [adopted] = useState(serverMarkup);
  useEffect(() => {
    let live = true;
    loadSanitizer()
      .then((sanitize) => live && setClean(sanitize(html)))
      .catch(() => live && setClean(''));
    return () => {
      live = false;
    };
  }, [html]);
  if (html.trim() === '') return null;
  const inserted = clean === null ? null : trustedHtml(clean);
  return (
    <div
      className={className}
      data-aisle={hook}
      data-aisle-ready={clean === null ? undefined : ''}
      dangerouslySetInnerHTML={inserted !== null ? { __html: inserted } : adopted ? { __html: '' } : undefined}
      suppressHydrationWarning={adopted}
    />
  );
}
