/**
 * Server HTML from the search backend (the SEO description, the not-found element), sanitised on the
 * server before it is written into the page. The browser uses DOMPurify, which needs a DOM; here the
 * well-kept `xss` library does the same job on text, so it runs wherever the server render runs. What
 * survives is the same kind of content the browser keeps: text formatting, lists, headings, tables,
 * images and links to web pages, nothing that runs or restyles the page.
 */
import * as xssModule from 'xss';
import { safeHref } from '../core/safeUrl.js';

// A CommonJS package: Node's ES module loader may see only its default export (module.exports).
const xss = (xssModule as unknown as { default?: typeof xssModule }).default ?? xssModule;
const { FilterXSS, friendlyAttrValue, getDefaultWhiteList } = xss;

/** Tags the browser's sanitiser refuses too (forms, frames, media that plays). */
const REFUSED = new Set(['audio', 'video', 'font', 'center']);

const allowed = Object.fromEntries(
  Object.entries(getDefaultWhiteList())
    .filter(([tag]) => !REFUSED.has(tag))
    // No inline styles anywhere (a description must not restyle the page), no pop-up windows.
    .map(([tag, attributes]) => [tag, (attributes ?? []).filter((a: string) => a !== 'style' && a !== 'target')]),
);

const filter = new FilterXSS({
  whiteList: allowed,
  // Unknown tags go with their markup (their text stays); a script's or style's text goes too.
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed'],
  allowCommentTag: false,
  // A refused address leaves no attribute behind (an empty href would link to the page itself).
  onTagAttr(_tag, name, value) {
    if ((name === 'href' || name === 'src') && safeHref(readValue(value), 'https://shop.invalid/') === '') return '';
    return undefined;
  },
  safeAttrValue(_tag, name, value) {
    // The value as the browser will read it, checked, then written so that it reads back exactly
    // so: an entity the check did not decode (`&Tab;`) reaches the browser as plain text.
    const text = readValue(value);
    // Addresses must lead to web pages (the one rule every link Aisle writes follows).
    if (name === 'href' || name === 'src') return escapeAttribute(safeHref(text, 'https://shop.invalid/'));
    return escapeAttribute(text);
  },
});

/** An attribute's text with its character references decoded (the dangerous ones by xss's own reading). */
function readValue(value: string): string {
  const basic: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'", '#39': "'" };
  return friendlyAttrValue(value).replace(
    /&(amp|quot|lt|gt|apos|#39);/gi,
    (_, name: string) => basic[name.toLowerCase()]!,
  );
}

/** Text that reads back as itself inside double quotes. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `html` with only harmless markup left; '' for anything that is not a string. */
export function sanitizeServerHtml(html: unknown): string {
  return typeof html === 'string' ? filter.process(html) : '';
}
