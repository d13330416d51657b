import { useEffect, useState } from 'react';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | undefined;

/** DOMPurify, loaded on demand: server HTML is below the fold or on the rare not-found page. */
export function loadSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('dompurify').then(
    ({ default: DOMPurify }) =>
      (html: string) =>
        DOMPurify.sanitize(html, {
          USE_PROFILES: { html: true },
          FORBID_TAGS: ['style', 'form', 'input', 'button'],
          FORBID_ATTR: ['style'],
        }),
  );
  return sanitizer;
}

/**
 * Server HTML (SEO description, not-found page) after DOMPurify; nothing is inserted before it is
 * sanitised. While the sanitiser loads, the element keeps its place empty.
 */
export function SafeHtml({ html, className, hook }: { html: string; className: string; hook: string }) {
  const [clean, setClean] = useState<string | null>(null);
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
  return (
    <div
      className={className}
      data-aisle={hook}
      dangerouslySetInnerHTML={clean === null ? undefined : { __html: clean }}
    />
  );
}
