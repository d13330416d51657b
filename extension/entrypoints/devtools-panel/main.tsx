// The DevTools panel: the inspector for the inspected tab.
import { mountInspector, tabIdFromQuery } from '../../components/mountInspector.js';

mountInspector(
  (follow) => {
    const tabId = browser.devtools?.inspectedWindow?.tabId ?? tabIdFromQuery();
    if (tabId !== null && tabId !== undefined) follow(tabId);
  },
  // The inspected tab's requests: what each delivery attempt sent and what the service answered.
  browser.devtools?.network,
);
