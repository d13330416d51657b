/**
 * Aisle's MobX keeps its state to itself and leaves no name on the page's window. The app chunk
 * imports this module first, before any module that uses MobX (mobx-react-lite sets up its
 * batching as it loads), so that all of Aisle's MobX work lands in Aisle's own state and a shop's
 * MobX, of whatever version, never meets it.
 */
import { configure } from 'mobx';

/** The names MobX shares its state under (on `globalThis`) with other copies of itself on the page. */
interface SharedState {
  __mobxGlobals?: unknown;
  __mobxInstanceCount?: unknown;
}

/**
 * Removes MobX's shared names from `global` when no other MobX uses them. Once isolated, MobX counts
 * itself out of the shared state and, when it was the only copy, empties it but leaves both names
 * behind; a shop's MobX that came first still counts itself in, and keeps its state.
 */
export function forgetSharedState(global: SharedState): void {
  if (global.__mobxInstanceCount !== 0 || global.__mobxGlobals !== undefined) return;
  delete global.__mobxInstanceCount;
  delete global.__mobxGlobals;
}

configure({ enforceActions: 'always', isolateGlobalState: true });
forgetSharedState(globalThis as SharedState);
