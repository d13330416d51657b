/**
 * The preview is a main-world content script registered at run time for the enabled sites only
 * (`scripting.registerContentScripts`, `world: 'MAIN'`, `document_start`): it runs before the
 * page's own scripts and the page's Content-Security-Policy does not apply to it. The takeover
 * choice is known before anything runs because each choice has its own registration, led by a
 * one-line script that sets it.
 */
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

/** Match patterns of one host name, for http and https. */
export function hostPatterns(host: string): string[] {
  return [`http://${host}/*`, `https://${host}/*`];
}

/** The registrations the enabled sites need: one per takeover choice in use. */
export function plannedRegistrations(sites: Record<string, SiteSettings>): PreviewRegistration[] {
  return MODES.flatMap((mode) => {
    const hosts = Object.entries(sites)
      .filter(([, s]) => s.enabled && s.onExistingAisle === mode)
      .map(([host]) => host)
      .sort();
    if (hosts.length === 0) return [];
    return [
      {
        id: `aisle-preview-${mode}`,
        js: [PREVIEW_FILES[mode], PREVIEW_FILES.preview],
        matches: hosts.flatMap(hostPatterns),
        runAt: 'document_start' as const,
        world: 'MAIN' as const,
        allFrames: false as const,
        persistAcrossSessions: true as const,
      },
    ];
  });
}

/** Replaces the extension's preview registrations with the ones `sites` need. */
export async function syncRegistrations(scripting: ScriptingApi, sites: Record<string, SiteSettings>): Promise<void> {
  const ids = MODES.map((mode) => `aisle-preview-${mode}`);
  const existing = (await scripting.getRegisteredContentScripts({ ids })).map((s) => s.id);
  if (existing.length > 0) await scripting.unregisterContentScripts({ ids: existing });
  const planned = plannedRegistrations(sites);
  if (planned.length > 0) await scripting.registerContentScripts(planned);
}
