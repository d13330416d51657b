/**
 * What a tenant customises, in one line, so a solution engineer does not take the shop's own classes or
 * words for a bug of the preview.
 */
import { readCustomization, messagesFor } from '../../sdk/public/tools.js';

/** A line such as "classes on button, card · own words in en (2), fr (1) · unstyled", or null for none. */
export function customizationSummary(raw: unknown): string | null {
  const { value } = readCustomization(raw, Object.keys(messagesFor('en')));
  if (!value) return null;
  const parts: string[] = [];
  const classes = Object.keys(value.classes);
  if (classes.length) parts.push(`classes on ${classes.join(', ')}`);
  const texts = Object.entries(value.texts)
    .map(([locale, table]) => [locale, Object.keys(table ?? {}).length] as const)
    .filter(([, count]) => count > 0);
  if (texts.length) parts.push(`own words in ${texts.map(([locale, count]) => `${locale} (${count})`).join(', ')}`);
  if (value.unstyled) parts.push('unstyled');
  return parts.length ? parts.join(' · ') : null;
}
