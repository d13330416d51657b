// The popup: settings of the active tab's site (a `?tabId=` picks another tab, for tests).
import { createRoot } from 'react-dom/client';
import { Popup, PopupErrorBoundary } from '../../components/Popup.js';
import { extensionMessaging } from '../../lib/messaging.js';
import { PopupStore, turnPreviewOff, type PopupDeps } from '../../lib/PopupStore.js';
import { SettingsRepository } from '../../lib/settings.js';
import { PORT_NAME, type PortLike } from '../../lib/inspectorPorts.js';
import { registrationErrorItem } from '../../lib/storageKeys.js';
import { watchTabStatus } from '../../lib/tabStatusFeed.js';
import './style.css';

async function currentTab(): Promise<{ id: number; url: string } | null> {
  const asked = new URLSearchParams(location.search).get('tabId');
  const tab = asked
    ? await browser.tabs.get(Number(asked)).catch(() => undefined)
    : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  return tab?.id !== undefined && tab.url ? { id: tab.id, url: tab.url } : null;
}

// The inspector beside the page where the browser has a side panel, else in a tab of its own.
async function openInspector(tabId: number): Promise<void> {
  const sidePanel = (browser as unknown as { sidePanel?: { open(o: { tabId: number }): Promise<void> } }).sidePanel;
  try {
    if (sidePanel) {
      await sidePanel.open({ tabId });
      window.close();
      return;
    }
  } catch {
    /* not allowed here (e.g. no user gesture): open it as a page below */
  }
  await browser.tabs.create({ url: browser.runtime.getURL(`/sidepanel.html?tabId=${tabId}`) });
}

const tab = await currentTab().catch(() => null);
const deps: PopupDeps = {
  settings: new SettingsRepository(),
  tab,
  tabStatus: (tabId) => extensionMessaging.sendMessage('tabStatus', tabId),
  syncPreview: () => extensionMessaging.sendMessage('syncPreview'),
  reloadTab: (tabId) => browser.tabs.reload(tabId),
  checkStack: (origin) => extensionMessaging.sendMessage('checkLocalStack', origin),
  openInspector,
};
const store = new PopupStore(deps);
void store.load().catch((error: unknown) => console.error('[Aisle Preview] could not read the settings:', error));
// The preview reports asynchronously: ask again whenever the tab's buffer or the registration
// error changes, for as long as the popup is open (it closes with its page).
if (tab) {
  const registrationError = registrationErrorItem();
  watchTabStatus({
    tabId: tab.id,
    connect: () => browser.runtime.connect({ name: PORT_NAME }) as unknown as PortLike,
    timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
    watchRegistrationError: (callback) => registrationError.watch(() => callback()),
    onChange: () => void store.refreshStatus(),
  });
}
// The local stack is another program that cannot tell us when it starts: while it does not
// answer (and only then) it is asked again, so starting it shows without reopening the popup.
setInterval(() => {
  if (store.stackAnswers === false) void store.checkStack();
}, 1000);
createRoot(document.getElementById('root')!).render(
  <PopupErrorBoundary tab={tab} turnOff={(t) => turnPreviewOff(deps, t)}>
    <Popup store={store} />
  </PopupErrorBoundary>,
);
