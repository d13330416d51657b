/**
 * The background's wiring: keeps the preview registrations in step with the settings, buffers
 * what each tab's Aisle reports, serves the popup's questions and the panels' ports.
 */
import type { WxtBrowser } from 'wxt/browser';
import { extensionMessaging } from './messaging.js';
import { readPageMessage } from './pageData.js';
import { PORT_NAME, serveInspectorPort, type PortLike } from './inspectorPorts.js';
import { syncRegistrations, type ScriptingApi } from './registration.js';
import { SettingsRepository } from './settings.js';
import { STORAGE_KEYS } from './storageKeys.js';
import { TabBuffers, type BufferTimers } from './tabBuffers.js';
import { tabStatusOf } from './tabStatus.js';

const timers: BufferTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Installs every background listener (synchronously, so a woken worker hears its event). */
export function inspectorBackground(browser: WxtBrowser): void {
  const settings = new SettingsRepository(browser.storage.local);
  const buffers = new TabBuffers(browser.storage.session, timers);

  const syncNow = async (): Promise<string | null> => {
    let error: string | null = null;
    try {
      await syncRegistrations(browser.scripting as unknown as ScriptingApi, await settings.sites());
    } catch (e) {
      error = `the preview could not be registered: ${String(e)}`;
    }
    await browser.storage.session.set({ [STORAGE_KEYS.registrationError]: error });
    return error;
  };
  // One sync at a time: overlapping unregister/register calls would collide on the script ids.
  let syncing: Promise<string | null> = Promise.resolve(null);
  const sync = (): Promise<string | null> => (syncing = syncing.then(syncNow, syncNow));

  browser.runtime.onInstalled.addListener(() => void sync());
  browser.runtime.onStartup.addListener(() => void sync());
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && STORAGE_KEYS.sites in changes) void sync();
  });
  browser.tabs.onRemoved.addListener((tabId) => void buffers.remove(tabId));

  extensionMessaging.onMessage('pageMessage', ({ data, sender }) => {
    const tabId = sender.tab?.id;
    // Only the top frame's relay speaks for a tab.
    if (tabId === undefined || sender.frameId !== 0 || typeof data !== 'object' || data === null) return;
    const report = readPageMessage(data.kind, data.raw);
    if (!report || typeof data.loadId !== 'string' || typeof data.url !== 'string') return;
    void buffers.report(tabId, data.loadId.slice(0, 64), data.url.slice(0, 2000), report);
  });
  extensionMessaging.onMessage('tabStatus', async ({ data: tabId }) => {
    const stored = await browser.storage.session.get(STORAGE_KEYS.registrationError);
    const error = stored[STORAGE_KEYS.registrationError];
    return tabStatusOf(await buffers.get(tabId), typeof error === 'string' ? error : null);
  });
  extensionMessaging.onMessage('clearTab', ({ data: tabId }) => buffers.clear(tabId));
  extensionMessaging.onMessage('syncPreview', () => sync());

  browser.runtime.onConnect.addListener((port) => {
    if (port.name === PORT_NAME) serveInspectorPort(port as unknown as PortLike, buffers, timers);
  });
}
