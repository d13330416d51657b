// The side panel: the same inspector, following its window's active tab.
import { mountInspector, tabIdFromQuery } from '../../components/mountInspector.js';

mountInspector((follow) => {
  const fixed = tabIdFromQuery();
  if (fixed !== null) return follow(fixed);
  void browser.windows.getCurrent().then((window) => {
    void browser.tabs
      .query({ active: true, windowId: window.id })
      .then(([tab]) => tab?.id !== undefined && follow(tab.id));
    browser.tabs.onActivated.addListener(({ tabId, windowId }) => windowId === window.id && follow(tabId));
  });
});
