/** Retailer pages without Aisle, for the extension to inject into; `strict-csp` is one behind a strict policy. */
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../http.js';
import { violationWatcher } from './csp.js';

/** Which plain page. */
export type PlainPageKind = 'no-aisle' | 'strict-csp';

/** A plain retailer page: status, headers and HTML. */
export function renderPlainPage(
  kind: PlainPageKind,
  origin: string,
): { status: number; headers: Record<string, string>; html: string } {
  const nonce = randomBytes(16).toString('base64');
  const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  if (kind === 'strict-csp') {
    headers['content-security-policy'] =
      `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; require-trusted-types-for 'script'; trusted-types aisle; style-src 'self'`;
  }
  const title = kind === 'strict-csp' ? 'Corner Store (strict CSP)' : 'Corner Store';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${kind === 'strict-csp' ? violationWatcher({ header: '', nonce }) : ''}
<title>${escapeHtml(title)}</title>
<link rel="canonical" href="${escapeHtml(origin)}/plain/shop">
</head>
<body>
<header><a href="/plain/shop">Corner Store</a> · <nav aria-label="Shop"><a href="/plain/shop">Shop</a> <a href="/plain/csp">Secure shop</a></nav></header>
<main id="main"><h1>Our products</h1><p data-plain-content>The shop's own listing is shown here.</p></main>
<footer><p>© 2026 Corner Store · a fictional shop without Aisle</p></footer>
<script nonce="${nonce}">document.documentElement.dataset.shopScript = 'ran';</script>
</body>
</html>`;
  return { status: 200, headers, html };
}
