// Runs just before aisle-preview.js for sites whose choice is "takeover" (lib/registration.ts).
import { MODE_GLOBAL } from '../lib/registration.js';

export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  runAt: 'document_start',
  world: 'MAIN',
  main() {
    (window as unknown as Record<string, unknown>)[MODE_GLOBAL] = 'takeover';
  },
});
