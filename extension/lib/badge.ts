/**
 * The toolbar icon is worked out with the popup's own `statusKindOf`, so the two never disagree. Its badge
 * text ("ON", "!") says the state without relying on colour alone.
 */
import type { TabStatus } from './messaging.js';
import { defaultPathPatterns, parsePathPatterns } from './pathScope.js';
import { originOf, urlInScope } from './popupScope.js';
import { STATUS_LABELS, statusKindOf, statusTextOf, type StatusFacts, type StatusKind } from './popupStatus.js';
import { DEFAULT_SITE, type SiteSettings } from './settings.js';

/** What the badge of one tab shows. */
export interface BadgeState {
  /** Whether the preview runs on the tab's page (the icon's coloured variant). */
  on: boolean;
  text: string;
  color: string;
  title: string;
  /** The popup's status kind the badge shows. */
  kind: StatusKind;
}

/** The toolbar icon's two variants (public/icon and public/icon-on). */
export function iconPaths(on: boolean): Record<string, string> {
  const dir = on ? '/icon-on' : '/icon';
  return { 16: `${dir}/16.png`, 32: `${dir}/32.png`, 48: `${dir}/48.png` };
}

/** What the local stack check last said (development previews only). */
export interface StackState {
  localStack: string;
  /** null: not asked yet. */
  answers: boolean | null;
}

/**
 * The facts the popup works its status out from, for a tab showing `url`: the site's settings,
 * the scope, what the page said and whether the local stack answers. The main element's selector
 * is checked by the page (a bad one is a failure it reports), so it is left empty here.
 */
export function tabFacts(
  url: string | undefined,
  sites: Record<string, SiteSettings>,
  baseOf: (tenantId: string) => string,
  status: TabStatus | null,
  stack: StackState,
): StatusFacts {
  const origin = url ? originOf(url) : null;
  const site = (origin && sites[origin]) || { ...DEFAULT_SITE };
  const patterns = site.pathPatterns || defaultPathPatterns(baseOf(site.tenantId));
  return {
    origin,
    site,
    status,
    mainSelectorError: '',
    patternErrors: parsePathPatterns(patterns).errors,
    inScope: url !== undefined && urlInScope(patterns, url),
    stackAnswers: site.environment === 'development' ? stack.answers : null,
    localStack: stack.localStack,
  };
}

const COLORS: Record<'on' | 'warning' | 'failed' | 'off', string> = {
  on: '#137333',
  warning: '#8a4b00',
  failed: '#b3261e',
  off: '#5f6368',
};

/** The badge for the popup's facts of a tab. */
export function badgeOf(facts: StatusFacts): BadgeState {
  const kind = statusKindOf(facts);
  const title = `Aisle Preview — ${STATUS_LABELS[kind]}: ${statusTextOf(facts)}`.slice(0, 300);
  if (kind === 'failed') return { on: false, text: '!', color: COLORS.failed, title, kind };
  if (kind === 'warning') return { on: true, text: 'ON', color: COLORS.warning, title, kind };
  if (kind === 'pending' || kind === 'shown' || kind === 'not-found')
    return { on: true, text: 'ON', color: COLORS.on, title, kind };
  return { on: false, text: '', color: COLORS.off, title, kind };
}

/** The badge of a tab showing `url` (see `tabFacts`). */
export function badgeFor(
  url: string | undefined,
  sites: Record<string, SiteSettings>,
  baseOf: (tenantId: string) => string,
  status: TabStatus | null = null,
  stack: StackState = { localStack: '', answers: null },
): BadgeState {
  return badgeOf(tabFacts(url, sites, baseOf, status, stack));
}
