import { useEffect, useState } from 'react';
import { trustedHtml } from '../trustedHtml.js';
import { useStores } from '../StoreContext.js';
import { aislePolicy, refusesPlainHtml } from '../trustedHtml.js';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | undefined;

// No event-handler attribute in it: browsers parsing it under `script-src` without
// 'unsafe-inline' report each one as a CSP violation, even in the sanitiser's inert document.
const PROBE = '<script>alert(1)</script><a href="javascript:alert(1)">a</a><iframe srcdoc="x"></iframe>';

/** Trusts a sanitiser only after a hostile probe; where it cannot work, nothing is let in. */
export function checkedSanitizer(sanitize: Sanitize): Sanitize {
  const probe = sanitize(PROBE);
  return /<script|javascript:|<iframe/i.test(probe) ? () => '' : sanitize;
}

/**
 * DOMPurify on demand (server HTML is below the fold). It parses through Aisle's policy, never its
 * own `dompurify` one, which a page listing only `aisle` would refuse.
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

/** Server HTML, inserted only once sanitised. */
export function SafeHtml({ html, className, hook }: { html: string; className: string; hook: string }) {
  const [clean, setClean] = useState<string | null>(null);
  // Adopted server markup keeps the server's sanitised copy until this one replaces it.
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
