/**
 * The isolated-world relay: hands the preview its config and forwards the page's reports to the background,
 * only as JSON of bounded size (the background validates the shape).
 */
import { MAX_MESSAGE_CHARS, type PageMessageKind } from './pageData.js';
import type { createPageChannel } from './pageChannel.js';
import type { ForwardedPageMessage } from './messaging.js';
import { buildPreviewConfig, type PreviewConfig } from './previewContext.js';
import type { SettingsRepository } from './settings.js';
import { allTenants, findTenant } from './tenants.js';
import { defaultPathPatterns, urlInSiteScope } from './pathScope.js';
import { isValidSelector } from './selector.js';
import { sharedPayloadOf } from './shareLink.js';

/** What the relay needs from its content script. */
export interface RelayDeps {
  channel: ReturnType<typeof createPageChannel>;
  settings: SettingsRepository;
  location: { origin: string; pathname: string; href: string };
  forward(message: ForwardedPageMessage): void;
  /** Calls back when the extension's settings change; returns the cleanup. */
  onSettingsChanged(callback: () => void): () => void;
  loadId: string;
  /** True when the local stack answers at that origin (asked of the background: no page CORS). */
  checkStack(origin: string): Promise<boolean>;
  /** Tells the background that this page started (or came back from the back-forward cache). */
  announce(loadId: string): void;
  /** Calls back when the page is shown again from the back-forward cache; returns the cleanup. */
  onRestored(callback: () => void): () => void;
  /** The clock that stamps the relay's own reports (injected so that tests run on fake time). */
  now(): number;
  /** Hands a shared preview link's payload to the background (which asks for a confirmation). */
  share(link: { page: string; payload: string }): void;
  /** Takes the fragment off the address without a page load (the page never sees a shared link's payload). */
  stripFragment(): void;
  /** Calls back when the fragment changes (a link pasted over the same page loads nothing); returns the cleanup. */
  onFragmentChange?(callback: () => void): () => void;
}

/** The preview config of this page, or null with the reason when the site is not previewed. */
export async function previewConfigFor(
  settings: SettingsRepository,
  location: Pick<RelayDeps['location'], 'origin' | 'href'>,
  checkStack: RelayDeps['checkStack'],
): Promise<{ config: PreviewConfig | null; problem: string | null; outOfScope?: boolean }> {
  const site = await settings.site(location.origin);
  if (!site.enabled) return { config: null, problem: null };
  const tenant = findTenant(allTenants(await settings.customTenants()), site.tenantId);
  if (!tenant)
    return { config: null, problem: `the tenant "${site.tenantId}" is not known: choose another one in the popup` };
  // The registration already limits the preview to these paths; this keeps a stale registration
  // (or a browser whose patterns cannot say the port) from taking over a page outside them.
  const patterns = site.pathPatterns || defaultPathPatterns(tenant.config.base);
  if (!urlInSiteScope(location.origin, patterns, location.href))
    return { config: null, problem: null, outOfScope: true };
  const selector = site.mainSelector || String(tenant.config.mainSelector ?? 'main');
  if (!isValidSelector(selector))
    return {
      config: null,
      problem: `the main element "${selector}" is not a valid CSS selector: correct it in the popup`,
    };
  const localStack = await settings.localStack();
  if (site.environment === 'development' && !(await checkStack(localStack).catch(() => false)))
    return {
      config: null,
      problem: `the local stack at ${localStack} does not answer: start it (npm start) or correct its address in the popup`,
    };
  return { config: buildPreviewConfig(tenant, site, localStack), problem: null };
}

/**
 * `run` one call at a time: a call while one runs asks for one more run after it (however many
 * came meanwhile), so the last call is always followed by a run that saw it.
 */
export function oneAtATime(run: () => Promise<void>): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  const call = (): void => {
    if (running) return void (again = true);
    running = run().finally(() => {
      running = null;
      if (again) {
        again = false;
        call();
      }
    });
  };
  return call;
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
  const refresh = async (first: boolean, route = false): Promise<void> => {
    const { config: next, problem, outOfScope } = await previewConfigFor(deps.settings, location, deps.checkStack);
    const wasEnabled = config !== null;
    config = next;
    if (problem || (first && next))
      forward('preview', {
        outcome: problem ? 'failed' : 'pending',
        tookOver: false,
        message: problem ?? 'waiting for the preview script',
        at: deps.now(),
      });
    if (next) push();
    else if (wasEnabled)
      // The preview steps back and says why: a route out of the patterns, patterns changed, or turned off.
      channel
        .sendMessage('previewConfig', {
          off: outOfScope
            ? route
              ? 'the page moved outside the path patterns without a page load'
              : 'the path patterns no longer include this page'
            : (problem ?? 'the preview was turned off for this site'),
          ...(problem ? { failed: true } : {}),
        })
        .catch(() => undefined);
  };
  channel.onMessage('previewHello', () => push());
  // A single-page site's route change: the scope is decided again for the new address.
  // The page can post on the channel too: route changes gather, one decision at a time (each may
  // ask the background whether the local stack answers).
  channel.onMessage(
    'previewRoute',
    oneAtATime(() => refresh(false, true)),
  );
  channel.onMessage('previewStatus', ({ data }) => forward('preview', data));
  channel.onMessage('aisleDebug', ({ data }) => forward('debug', data));
  channel.onMessage('aisleSnapshot', ({ data }) => forward('snapshot', data));
  // A shared preview link: the background asks the person to confirm it; the page keeps its address.
  const checkShared = (): void => {
    const payload = sharedPayloadOf(location.href);
    if (payload === null) return;
    deps.stripFragment();
    deps.share({ page: location.href.split('#')[0]!, payload });
  };
  checkShared();
  const stopFragment = deps.onFragmentChange?.(checkShared) ?? (() => undefined);
  deps.announce(deps.loadId);
  const stopRestored = deps.onRestored(() => deps.announce(deps.loadId));
  void refresh(true);
  const stopWatching = deps.onSettingsChanged(() => void refresh(false));
  return () => {
    stopFragment();
    stopRestored();
    stopWatching();
    channel.removeAllListeners();
  };
}
