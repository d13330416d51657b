// The background wires the extension's modules; its logic lives in plain modules beside it.
export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(() => {
    void browser.storage.local.set({ installedAt: Date.now() });
  });
});
