import { CONTEXT_ELEMENT_ID, HEAD_TEMPLATE_ID } from '../../sdk/contract.js';
import type { TenantFixture } from '../../fixtures/tenants/index.js';
import { escapeHtml, jsonForScript } from '../http.js';
import type { Lang } from '../search/labels.js';
import { shopStyles } from './shop-styles.js';
import { SHOP_TEXTS } from './texts.js';
import { nonceAttribute, violationWatcher, type PagePolicy } from './csp.js';

/** Head tags a retailer's server writes into `#aisle-head` for Aisle to copy into the page head. */
export interface HeadTemplate {
  title: string;
  canonical: string;
  metaTitle: string;
  description: string;
  robots: string;
}

/** Everything a demo retailer page needs. */
export interface ShopPageInput {
  tenant: TenantFixture;
  locale: Lang;
  /** Render context handed to Aisle; omitted for pages that do not embed it. */
  context?: unknown;
  head: HeadTemplate;
  nav: Array<{ title: string; href: string }>;
  /** The shop's own content of `<main>`, shown until Aisle replaces it (already escaped HTML). */
  mainHtml: string;
  embedSrc: string;
  /** The listing rendered on the server, if the page has one. */
  server?: { html: string; head: string } | null;
  /** The consent tool's stand-in (consentDemo.ts): what goes before aisle.js, and its banner. */
  consent?: { head: string; banner: string };
  cart?: string;
  /** The page's Content-Security-Policy: its scripts carry the nonce, and a watcher counts violations. */
  policy?: PagePolicy | null;
}

/** A plausible fictional shop page with a `<main>` for Aisle to take over. */
export function renderShopPage(input: ShopPageInput): string {
  const { tenant, locale, head } = input;
  const { config, demo } = tenant;
  const name = escapeHtml(config.name ?? config.id);
  const nav = input.nav.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.title)}</a></li>`).join('');
  const texts = SHOP_TEXTS[locale];
  const footer = texts.footer
    .map(
      ([title, links]) =>
        `<div><h2>${escapeHtml(title)}</h2><ul>${links.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul></div>`,
    )
    .join('');
  const promo = texts.promo;
  const context =
    input.context === undefined
      ? ''
      : `<script type="application/json" id="${CONTEXT_ELEMENT_ID}">${jsonForScript(input.context)}</script>
<template id="${HEAD_TEMPLATE_ID}"><title>${escapeHtml(head.title)}</title><link rel="canonical" href="${escapeHtml(head.canonical)}"><meta name="title" content="${escapeHtml(head.metaTitle)}"><meta name="description" content="${escapeHtml(head.description)}"><meta name="robots" content="${escapeHtml(head.robots)}"></template>
<script src="${escapeHtml(input.embedSrc)}" defer${nonceAttribute(input.policy)}></script>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${violationWatcher(input.policy)}
<link rel="icon" href="data:,">
<title>${name}</title>
<meta name="description" content="${escapeHtml(demo.tagline)}">
<style>${shopStyles(demo.accent)}</style>
${input.server?.head ?? ''}
${input.consent?.head ?? ''}
${context}
</head>
<body>
<div class="shop-promo">${escapeHtml(promo)}</div>
<header class="shop-header">
  <a class="shop-logo" href="${escapeHtml(config.base)}/">${name}</a>
  <nav aria-label="${escapeHtml(texts.shopNav)}"><ul>${nav}</ul></nav>
</header>
<main id="main">${input.server?.html || input.mainHtml}</main>
<footer class="shop-footer">
  <div class="shop-footer-cols">${footer}</div>
  <p>© 2026 ${name} · ${escapeHtml(demo.tagline)} · ${escapeHtml(texts.fictional)}</p>
</footer>
${input.consent?.banner ?? ''}
${input.cart ?? ''}
</body>
</html>`;
}
