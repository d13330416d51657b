/**
 * Six characters a shopper reads out over the phone so support can find their visitor: a hash, not
 * the id, with no character that sounds or looks like another. Shared by the page and the service.
 * The hash needs spread, not secrecy: only a read key resolves a code.
 */
import { hash53 } from './hash.js';

/** The characters of a visitor code: digits 2–9 and the capitals without I, L and O. */
export const VISITOR_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** How many characters a code has (shown as two groups of three: `K7M-4QX`). */
export const VISITOR_CODE_LENGTH = 6;

/** The code of a visitor of a shop, as shown: `K7M-4QX`. */
export function visitorCode(shopId: string, visitorId: string): string {
  let rest = hash53(`${shopId}\n${visitorId}`);
  let code = '';
  for (let i = 0; i < VISITOR_CODE_LENGTH; i++) {
    code += VISITOR_CODE_ALPHABET[rest % VISITOR_CODE_ALPHABET.length];
    rest = Math.floor(rest / VISITOR_CODE_ALPHABET.length);
  }
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

/** A code as typed (any case, spaces, dashes) in its shown form, or null when it cannot be one. */
export function normaliseVisitorCode(text: string): string | null {
  const bare = text.replace(/[\s-]+/g, '').toUpperCase();
  if (bare.length !== VISITOR_CODE_LENGTH) return null;
  for (const character of bare) if (!VISITOR_CODE_ALPHABET.includes(character)) return null;
  return `${bare.slice(0, 3)}-${bare.slice(3)}`;
}
