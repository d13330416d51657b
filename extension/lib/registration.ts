/**
 * The preview is a main-world, document_start content script registered at run time per origin and path
 * patterns: it runs before the page's scripts, the page's CSP does not apply, and product pages, cart and
 * checkout stay alone. Each takeover choice has its own registration, led by a one-line script that sets it.
 */
import { defaultPathPatterns, siteMatchPatterns } from './pathScope.js';
import type { ExistingAisle, SiteSettings } from './settings.js';

/** Files of the built extension (see the content-script entrypoints). */
export const PREVIEW_FILES = {
  preview: 'content-scripts/aisle-preview.js',
  takeover: 'content-scripts/preview-takeover.js',
  'stand-aside': 'content-scripts/preview-stand-aside.js',
} as const;

/** The global the one-line mode scripts set in the page's main world. */
export const MODE_GLOBAL = '__aisleExtensionMode';

/** A content-script registration (the part of `scripting.RegisteredContentScript` we use). */
export interface PreviewRegistration {
  id: string;
  js: string[];
  matches: string[];
  excludeMatches?: string[];
  runAt: 'document_start';
  world: 'MAIN';
  allFrames: false;
  persistAcrossSessions: true;
}

/** The scripting API calls the sync needs (browser.scripting, or a fake). */
export interface ScriptingApi {
  getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<Array<{ id: string }>>;
  unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
  registerContentScripts(scripts: PreviewRegistration[]): Promise<void>;
}

const MODES: ExistingAisle[] = ['takeover', 'stand-aside'];

export { patternHost } from './pathScope.js';

/** The match patterns (taken over, left alone) of one site with its tenant's base; none while its patterns are invalid. */
export function sitePatterns(
  origin: string,
  site: SiteSettings,
  tenantBase: string,
  withPort: boolean,
): { matches: string[]; excludeMatches: string[] } {
  const { matches, excludeMatches } = siteMatchPatterns(
    origin,
    site.pathPatterns || defaultPathPatterns(tenantBase),
    withPort,
  );
  return { matches, excludeMatches };
}

/** The registrations the enabled sites need: one per takeover choice in use. */
export function plannedRegistrations(
  sites: Record<string, SiteSettings>,
  baseOf: (tenantId: string) => string,
  options: { withPort: boolean } = { withPort: true },
): PreviewRegistration[] {
  return MODES.flatMap((mode) => {
    const matches: string[] = [];
    const excludeMatches: string[] = [];
    for (const [origin, site] of Object.entries(sites).sort(([a], [b]) => a.localeCompare(b))) {
      if (!site.enabled || site.onExistingAisle !== mode) continue;
      const planned = sitePatterns(origin, site, baseOf(site.tenantId), options.withPort);
      matches.push(...planned.matches);
      excludeMatches.push(...planned.excludeMatches);
    }
    if (matches.length === 0) return [];
    return [
      {
        id: `aisle-preview-${mode}`,
        js: [PREVIEW_FILES[mode], PREVIEW_FILES.preview],
        matches,
        ...(excludeMatches.length > 0 ? { excludeMatches } : {}),
        runAt: 'document_start' as const,
        world: 'MAIN' as const,
        allFrames: false as const,
        persistAcrossSessions: true as const,
      },
    ];
  });
}

/** Replaces the extension's preview registrations with the ones `sites` need. */
export async function syncRegistrations(
  scripting: ScriptingApi,
  sites: Record<string, SiteSettings>,
  baseOf: (tenantId: string) => string,
  options?: { withPort: boolean },
): Promise<void> {
  const ids = MODES.map((mode) => `aisle-preview-${mode}`);
  const existing = (await scripting.getRegisteredContentScripts({ ids })).map((s) => s.id);
  if (existing.length > 0) await scripting.unregisterContentScripts({ ids: existing });
  const planned = plannedRegistrations(sites, baseOf, options);
  if (planned.length > 0) await scripting.registerContentScripts(planned);
}
