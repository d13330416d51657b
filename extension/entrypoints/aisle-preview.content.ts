// The extension's Aisle, registered at run time for enabled sites only (lib/registration.ts).
import { startPreview } from '../embed/preview.js';

export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  runAt: 'document_start',
  world: 'MAIN',
  main() {
    startPreview(window);
  },
});
