// Lives apart from sitemap.ts so that listings can use it without loading the sitemap's rules.
import { DEFAULT_LOCALE } from './locales.js';

/** Appends `locale=fr_CA` for a non-default locale; an empty URL stays empty, not a live link to this page. */
export function localeSuffixUrl(url: string, settings: { region?: string; locale?: string }): string {
  if (url.trim() === '') return '';
  const language = (settings.locale ?? '').trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  const region = (settings.region ?? '').trim().toUpperCase();
  if (language === '' || region === '' || language === DEFAULT_LOCALE) return url;
  const hashAt = url.indexOf('#');
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const [path = '', query = ''] = splitOnce(beforeHash, '?');
  // Replace rather than repeat a locale the link already carries; other parameters keep their text.
  const kept = query.split('&').filter((part) => part !== '' && !part.startsWith('locale='));
  const param = `locale=${encodeURIComponent(language)}_${encodeURIComponent(region)}`;
  return `${path}?${[...kept, param].join('&')}${hash}`;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at === -1 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}
