// The popup: settings of the active tab's site (a `?tabId=` picks another tab, for tests).
import { createRoot } from 'react-dom/client';
import { Popup } from '../../components/Popup.js';
import { extensionMessaging } from '../../lib/messaging.js';
import { PopupStore } from '../../lib/PopupStore.js';
import { SettingsRepository } from '../../lib/settings.js';
import './style.css';

async function currentTab(): Promise<{ id: number; url: string } | null> {
  const asked = new URLSearchParams(location.search).get('tabId');
  const tab = asked
    ? await browser.tabs.get(Number(asked)).catch(() => undefined)
    : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  return tab?.id !== undefined && tab.url ? { id: tab.id, url: tab.url } : null;
}

const store = new PopupStore({
  settings: new SettingsRepository(browser.storage.local),
  tab: await currentTab(),
  tabStatus: (tabId) => extensionMessaging.sendMessage('tabStatus', tabId),
  syncPreview: () => extensionMessaging.sendMessage('syncPreview'),
  reloadTab: (tabId) => browser.tabs.reload(tabId),
});
void store.load();
// The preview reports asynchronously: keep the status fresh while the popup is open.
setInterval(() => void store.refreshStatus(), 1000);
createRoot(document.getElementById('root')!).render(<Popup store={store} />);
