import { mkdirSync } from 'node:fs';
import { ARTIFACTS } from '../dlp.js';
import type { EngineName } from './types.js';

/** The file an engine's screenshot goes to (the folder is made on demand). */
export function screenshotPath(engine: EngineName, name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return `${ARTIFACTS}/${engine}-${name}.png`;
}
