import { useEffect, useState } from 'react';
import { trustedHtml } from '../trustedHtml.js';
import { useStores } from '../StoreContext.js';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | undefined;

const PROBE = '<img src="x" onerror="alert(1)"><script>alert(1)</script><a href="javascript:alert(1)">a</a>';

/**
 * Trusts a sanitiser only after it proved itself on a hostile probe: a DOM where it cannot work
 * (some test DOMs parse in ways DOMPurify does not expect) gets a sanitiser that lets nothing in.
 */
export function checkedSanitizer(sanitize: Sanitize): Sanitize {
  const probe = sanitize(PROBE);
  return /onerror|<script|javascript:/i.test(probe) ? () => '' : sanitize;
}

/** DOMPurify, loaded on demand: server HTML is below the fold or on the rare not-found page. */
export function loadSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('dompurify').then(({ default: DOMPurify }) =>
    checkedSanitizer((html) =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
        FORBID_ATTR: ['style'],
      }),
    ),
  );
  return sanitizer;
}

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
