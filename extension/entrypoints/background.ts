// The background wires the extension's modules; its logic lives in plain modules under lib/.
import { inspectorBackground } from '../lib/background.js';

export default defineBackground(() => {
  inspectorBackground(browser);
});
