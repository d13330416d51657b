// Main-world bridge on every page: Aisle's debug hook → the relay (embed/bridge.ts).
import { startBridge } from '../embed/bridge.js';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_start',
  world: 'MAIN',
  main() {
    startBridge(window);
  },
});
