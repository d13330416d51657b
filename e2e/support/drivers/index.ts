import { launchChromiumEngine } from './chromium.js';
import { launchFirefoxEngine } from './firefox.js';
import type { Engine, EngineName } from './types.js';
import { launchWebKitEngine } from './webkit.js';

export type { Engine, EngineName, EnginePage, Key, Target } from './types.js';

/** Every engine the journeys run in, in the order they run. */
export const ALL_ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

const launchers: Record<EngineName, () => Promise<Engine>> = {
  chromium: launchChromiumEngine,
  firefox: launchFirefoxEngine,
  webkit: launchWebKitEngine,
};

/**
 * The engines of this run: AISLE_ENGINE (one name, or several separated by commas) or all of them.
 * An unknown name fails loudly rather than running nothing.
 */
export function selectedEngines(value = process.env.AISLE_ENGINE): EngineName[] {
  if (!value) return [...ALL_ENGINES];
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  for (const name of names)
    if (!ALL_ENGINES.includes(name as EngineName))
      throw new Error(`AISLE_ENGINE=${value}: expected ${ALL_ENGINES.join(', ')}`);
  return names as EngineName[];
}

/** The engines the journeys of this run use. */
export const engines = selectedEngines();

/** Launches one browser of an engine. */
export function launchEngine(name: EngineName): Promise<Engine> {
  return launchers[name]();
}

/**
 * One browser of `name` for a describe block: launched before its tests, closed after them.
 * Returns a getter, because the browser exists only once `beforeAll` has run.
 */
export function useEngine(
  name: EngineName,
  hooks: { beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void },
): () => Engine {
  let engine: Engine | undefined;
  hooks.beforeAll(async () => {
    engine = await launchEngine(name);
  });
  hooks.afterAll(async () => {
    await engine?.close();
  });
  return () => {
    if (!engine) throw new Error(`${name} is not launched yet: call the getter inside a test`);
    return engine;
  };
}
