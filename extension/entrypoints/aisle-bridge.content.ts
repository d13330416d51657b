// Main-world bridge on every page: Aisle's debug hook → the relay (embed/bridge.ts).
import { startBridge } from '../embed/bridge.js';
import { createPageChannel } from '../lib/pageChannel.js';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_start',
  world: 'MAIN',
  main() {
    // A page kept in the back-forward cache stops looking at the snapshot until it is shown again.
    const channel = createPageChannel();
    let stop = startBridge(window, channel);
    window.addEventListener('pagehide', () => stop());
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) stop = startBridge(window, channel);
    });
  },
});
