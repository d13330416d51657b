/**
 * The background's wiring: keeps the preview registrations in step with the settings, buffers
 * what each tab's Aisle reports, serves the popup's questions and the panels' ports.
 */
import type { WxtBrowser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { HistoryArchive } from './historyArchive.js';
import { extensionMessaging } from './messaging.js';
import { readPageMessage } from './pageData.js';
import { PORT_NAME, serveInspectorPort, type PortLike } from './inspectorPorts.js';
import { syncRegistrations, type ScriptingApi } from './registration.js';
import { SettingsRepository } from './settings.js';
import { registrationErrorItem } from './storageKeys.js';
import { TabBuffers, type BufferTimers } from './tabBuffers.js';
import { tabStatusOf } from './tabStatus.js';
import { badgeFor, iconPaths } from './badge.js';
import { MAX_SHARE_CHARS } from './shareLink.js';
import { stackAnswers } from './stackCheck.js';
import { allTenants, findTenant } from './tenants.js';

const timers: BufferTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
const now = (): number => Date.now();

/** Installs every background listener (synchronously, so a woken worker hears its event). */
export function inspectorBackground(browser: WxtBrowser): void {
  const settings = new SettingsRepository();
  const registrationError = registrationErrorItem();
  const buffers = new TabBuffers(storage, timers, now, new HistoryArchive(timers, now));
  // Firefox's match patterns cannot name a port (the relay checks the origin there).
  const withPort = !browser.runtime.getURL('/').startsWith('moz-extension:');
  const tenantBases = async (): Promise<(id: string) => string> => {
    const tenants = allTenants(await settings.customTenants());
    return (id) => findTenant(tenants, id)?.config.base ?? '/';
  };

  const syncNow = async (): Promise<string | null> => {
    let error: string | null = null;
    try {
      await syncRegistrations(
        browser.scripting as unknown as ScriptingApi,
        await settings.sites(),
        await tenantBases(),
        { withPort },
      );
    } catch (e) {
      error = `the preview could not be registered: ${String(e)}`;
    }
    await registrationError.setValue(error);
    return error;
  };
  // One sync at a time: overlapping unregister/register calls would collide on the script ids.
  let syncing: Promise<string | null> = Promise.resolve(null);
  const sync = (): Promise<string | null> => (syncing = syncing.then(syncNow, syncNow));

  // What the last check of each local stack said (the relay's and the popup's checks both come here).
  const stackAnswered = new Map<string, boolean>();
  const tabStatus = async (tabId: number) => {
    const error = await registrationError.getValue();
    return tabStatusOf(await buffers.get(tabId), typeof error === 'string' ? error : null);
  };

  // The toolbar badge: what the popup would say about the tab, from the same facts.
  const action = browser.action ?? (browser as unknown as { browserAction?: typeof browser.action }).browserAction;
  const paintBadge = async (tabId: number, url: string | undefined): Promise<void> => {
    if (!action) return;
    const localStack = await settings.localStack();
    const stack = { localStack, answers: stackAnswered.get(localStack) ?? null };
    const badge = badgeFor(url, await settings.sites(), await tenantBases(), await tabStatus(tabId), stack);
    await Promise.all([
      action.setBadgeText({ tabId, text: badge.text }),
      action.setBadgeBackgroundColor({ tabId, color: badge.color }),
      action.setTitle({ tabId, title: badge.title }),
      action.setIcon({ tabId, path: iconPaths(badge.on) }),
    ]).catch(() => undefined); // the tab may be gone already
  };
  const paintAllBadges = async (): Promise<void> => {
    const tabs = await browser.tabs.query({});
    await Promise.all(tabs.map((tab) => (tab.id === undefined ? undefined : paintBadge(tab.id, tab.url))));
  };

  browser.runtime.onInstalled.addListener(() => void sync().then(paintAllBadges));
  browser.runtime.onStartup.addListener(() => void sync().then(paintAllBadges));
  settings.watchAll(() => void sync().then(paintAllBadges));
  // A fragment, query or route change is no new page (Chrome says "loading" for those too): the
  // badge is worked out again for the new address from what the page said; a new page says so itself.
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.status === 'loading' || change.url !== undefined) void paintBadge(tabId, tab.url);
  });
  browser.tabs.onRemoved.addListener((tabId) => void buffers.close(tabId));

  extensionMessaging.onMessage('pageMessage', ({ data, sender }) => {
    const tabId = sender.tab?.id;
    // Only the top frame's relay speaks for a tab.
    if (tabId === undefined || sender.frameId !== 0 || typeof data !== 'object' || data === null) return;
    const report = readPageMessage(data.kind, data.raw, now);
    if (!report || typeof data.loadId !== 'string' || typeof data.url !== 'string') return;
    const painted = buffers.report(tabId, data.loadId.slice(0, 64), data.url.slice(0, 2000), report);
    if (report.kind === 'preview') void painted.then(() => paintBadge(tabId, sender.tab?.url));
  });
  extensionMessaging.onMessage('pageStarted', ({ data, sender }) => {
    const tabId = sender.tab?.id;
    if (tabId === undefined || sender.frameId !== 0 || typeof data !== 'string') return;
    void buffers.pageStarted(tabId, data.slice(0, 64)).then(() => paintBadge(tabId, sender.tab?.url));
  });
  extensionMessaging.onMessage('tabStatus', ({ data: tabId }) => tabStatus(tabId));
  extensionMessaging.onMessage('clearTab', ({ data: tabId }) => buffers.clear(tabId));
  extensionMessaging.onMessage('syncPreview', () => sync());
  extensionMessaging.onMessage('checkLocalStack', async ({ data: origin }) => {
    if (typeof origin !== 'string') return false;
    const answers = await stackAnswers((url, init) => fetch(url, init), origin, timers);
    // A stack that stopped (or started) answering changes what the icon says on its tabs.
    if (stackAnswered.get(origin) !== answers) {
      stackAnswered.set(origin, answers);
      void paintAllBadges();
    }
    return answers;
  });

  // A shared preview link opened in a tab: its confirmation opens beside it (nothing is saved before).
  extensionMessaging.onMessage('sharedPreview', ({ data, sender }) => {
    const tab = sender.tab;
    if (tab?.id === undefined || sender.frameId !== 0 || typeof data !== 'object' || data === null) return;
    const { page, payload } = data as { page?: unknown; payload?: unknown };
    if (typeof page !== 'string' || typeof payload !== 'string' || payload.length > MAX_SHARE_CHARS) return;
    const query = new URLSearchParams({ tabId: String(tab.id), page: page.slice(0, 2000) });
    void browser.tabs.create({
      url: `${browser.runtime.getURL('/share.html')}?${query.toString()}#${payload}`,
      index: tab.index + 1,
      active: true,
    });
  });

  browser.runtime.onConnect.addListener((port) => {
    if (port.name === PORT_NAME) serveInspectorPort(port as unknown as PortLike, buffers, timers, now);
  });
}
