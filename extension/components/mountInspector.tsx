/**
 * Starts an inspector page (DevTools panel or side panel) for a tab: the store, the reconnecting
 * port to the background and the countdown clock.
 */
import { createRoot } from 'react-dom/client';
import { DeliveryRequestLog } from '../lib/deliveryRequests.js';
import { GroundTruthStore } from '../lib/GroundTruthStore.js';
import { connectInspector, PORT_NAME, type PortLike } from '../lib/inspectorPorts.js';
import { InspectorStore } from '../lib/InspectorStore.js';
import { LiveVisitorStore } from '../lib/LiveVisitorStore.js';
import { forgetHistory, readHistory } from '../lib/historyView.js';
import { SettingsRepository } from '../lib/settings.js';
import { readKeyItem } from '../lib/storageKeys.js';
import { Inspector } from './Inspector.js';
import './inspector.css';

/** Where the inspector hears the tab's finished requests (DevTools' network panel API). */
export interface NetworkEvents {
  onRequestFinished: { addListener(listener: (entry: unknown) => void): void };
}

/**
 * Renders the inspector into `#root`; `tabId` may change (the side panel follows the active tab).
 * `network`: the inspected tab's requests, in the DevTools panel.
 */
export function mountInspector(tabIds: (follow: (tabId: number) => void) => void, network?: NetworkEvents): void {
  const store = new InspectorStore(Date.now());
  setInterval(() => store.tick(Date.now()), 1000);
  let connection: ReturnType<typeof connectInspector> | null = null;
  const requests = network ? new DeliveryRequestLog() : undefined;
  if (network && requests) network.onRequestFinished.addListener((entry) => requests.add(entry));
  tabIds((tabId) => {
    requests?.clear();
    connection?.close();
    store.setBuffer({ loads: [] });
    connection = connectInspector({
      connect: () => browser.runtime.connect({ name: PORT_NAME }) as unknown as PortLike,
      tabId,
      timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
      onBuffer: (buffer) => store.setBuffer(buffer),
      onConnection: (connected) => store.setConnected(connected),
    });
  });
  const readKey = readKeyItem();
  const truth = new GroundTruthStore({
    load: () => readKey.getValue(),
    save: (value) => readKey.setValue(value),
    fetch: (url, init) => fetch(url, init),
    defaultHost: async () => `${await new SettingsRepository().localStack()}/analytics`,
  });
  void truth.load();
  const live = new LiveVisitorStore({
    query: (shopId, visitorId) => truth.serviceQuery(shopId, visitorId),
    fetch: (url, init) => fetch(url, init),
    timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
    now: () => Date.now(),
  });
  createRoot(document.getElementById('root')!).render(
    <Inspector
      store={store}
      truth={truth}
      live={live}
      requests={requests}
      history={{ read: readHistory, forget: forgetHistory }}
      onClear={() => connection?.clear()}
    />,
  );
}

/** A `?tabId=` in the page's address (tests, or a panel opened as a page for a given tab). */
export function tabIdFromQuery(): number | null {
  const raw = new URLSearchParams(location.search).get('tabId');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
}
