import { lazy, Suspense } from 'react';

// The sanitiser is only needed on this rare page and below the fold: it loads on demand.
const SafeHtml = lazy(() => import('./SafeHtml.js').then((m) => ({ default: m.SafeHtml })));

/** The not-found view: the server's HTML, sanitised, nothing else (docs/embedding.md). */
export function NotFound({ html }: { html: string }) {
  return (
    <Suspense fallback={<div className="aisle-not-found" data-aisle="not-found" />}>
      <SafeHtml html={html} className="aisle-not-found" hook="not-found" />
    </Suspense>
  );
}
