/**
 * The isolated-world relay, on every page: hands the preview script its config (from the site's
 * settings) and forwards what the page's Aisle reports to the background. It forwards only
 * JSON of bounded size; the background validates the shape.
 */
import { MAX_MESSAGE_CHARS, type PageMessageKind } from './pageData.js';
import type { createPageChannel } from './pageChannel.js';
import type { ForwardedPageMessage } from './messaging.js';
import { buildPreviewConfig, type PreviewConfig } from './previewContext.js';
import type { SettingsRepository } from './settings.js';
import { allTenants, findTenant } from './tenants.js';

/** What the relay needs from its content script. */
export interface RelayDeps {
  channel: ReturnType<typeof createPageChannel>;
  settings: SettingsRepository;
  location: { hostname: string; pathname: string; href: string };
  forward(message: ForwardedPageMessage): void;
  /** Calls back when the extension's settings change; returns the cleanup. */
  onSettingsChanged(callback: () => void): () => void;
  loadId: string;
}

/** The preview config of this page, or null with the reason when the site is not previewed. */
export async function previewConfigFor(
  settings: SettingsRepository,
  location: RelayDeps['location'],
): Promise<{ config: PreviewConfig | null; problem: string | null }> {
  const site = await settings.site(location.hostname);
  if (!site.enabled) return { config: null, problem: null };
  const tenant = findTenant(allTenants(await settings.customTenants()), site.tenantId);
  if (!tenant)
    return { config: null, problem: `the tenant "${site.tenantId}" is not known: choose another one in the popup` };
  return { config: buildPreviewConfig(tenant, site, await settings.localStack()), problem: null };
}

/** Starts the relay; returns its cleanup. */
export function startRelay(deps: RelayDeps): () => void {
  const { channel, location } = deps;
  let config: PreviewConfig | null = null;
  const forward = (kind: PageMessageKind, raw: unknown): void => {
    let size = Infinity;
    try {
      size = JSON.stringify(raw)?.length ?? Infinity;
    } catch {
      /* not JSON: dropped below */
    }
    if (size <= MAX_MESSAGE_CHARS) deps.forward({ loadId: deps.loadId, url: location.href, kind, raw });
  };
  const push = (): void => {
    if (config) channel.sendMessage('previewConfig', config).catch(() => undefined);
  };
  const refresh = async (first: boolean): Promise<void> => {
    const { config: next, problem } = await previewConfigFor(deps.settings, location);
    const wasEnabled = config !== null;
    config = next;
    if (first && (next || problem))
      forward('preview', {
        outcome: problem ? 'failed' : 'pending',
        tookOver: false,
        message: problem ?? 'waiting for the preview script',
        at: Date.now(),
      });
    if (next) push();
    else if (wasEnabled) channel.sendMessage('previewConfig', null).catch(() => undefined);
  };
  channel.onMessage('previewHello', () => push());
  channel.onMessage('previewStatus', ({ data }) => forward('preview', data));
  channel.onMessage('aisleDebug', ({ data }) => forward('debug', data));
  channel.onMessage('aisleSnapshot', ({ data }) => forward('snapshot', data));
  void refresh(true);
  const stopWatching = deps.onSettingsChanged(() => void refresh(false));
  return () => {
    stopWatching();
    channel.removeAllListeners();
  };
}
