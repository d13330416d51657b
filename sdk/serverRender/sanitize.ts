/**
 * Server HTML sanitised on the server with `xss` (DOMPurify needs a DOM), keeping what the browser
 * keeps: nothing that runs or restyles the page.
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
    // Written so it reads back exactly as checked: an undecoded entity (`&Tab;`) stays plain text.
    const text = readValue(value);
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

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `html` with only harmless markup left; '' for anything that is not a string. */
export function sanitizeServerHtml(html: unknown): string {
  return typeof html === 'string' ? filter.process(html) : '';
}
