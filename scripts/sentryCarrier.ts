/**
 * Keeps Sentry's shared state off the page's window. @sentry/core stores its scopes and settings in a
 * `__SENTRY__` object on `globalThis` so that several copies of the SDK on one page can share them;
 * Aisle's error reporting is a client of its own (sdk/integrations/errorReporting.ts) and must neither
 * add a global nor meet a shop's own Sentry. The build gives @sentry/core a carrier module that keeps
 * that object on a private one instead.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'rolldown';

const CARRIER = /[\\/]@sentry[\\/]core[\\/]build[\\/]esm[\\/]carrier\.js$/;

/** What the module exports in the @sentry/core Aisle is built with; anything else stops the build. */
const EXPORTS = 'export { getGlobalSingleton, getMainCarrier, getSentryCarrier };';

const PRIVATE_CARRIER = `import { SDK_VERSION } from './utils/version.js';
import { GLOBAL_OBJ as PAGE } from './utils/worldwide.js';

const GLOBAL_OBJ = {};
// Callers that name the page's global (the envelope's text encoder) get the private carrier too.
const own = (carrier) => (carrier === PAGE ? GLOBAL_OBJ : carrier);
function getMainCarrier() {
  getSentryCarrier(GLOBAL_OBJ);
  return GLOBAL_OBJ;
}
function getSentryCarrier(carrier) {
  const host = own(carrier);
  const __SENTRY__ = host.__SENTRY__ = host.__SENTRY__ || {};
  __SENTRY__.version = __SENTRY__.version || SDK_VERSION;
  return __SENTRY__[SDK_VERSION] = __SENTRY__[SDK_VERSION] || {};
}
function getGlobalSingleton(name, creator, obj = GLOBAL_OBJ) {
  const host = own(obj);
  const __SENTRY__ = host.__SENTRY__ = host.__SENTRY__ || {};
  const carrier = __SENTRY__[SDK_VERSION] = __SENTRY__[SDK_VERSION] || {};
  return carrier[name] || (carrier[name] = creator());
}

${EXPORTS}
`;

/** The rolldown plugin that swaps @sentry/core's carrier for the private one. */
export const privateSentryCarrier: Plugin = {
  name: 'aisle-private-sentry-carrier',
  load(id) {
    if (!CARRIER.test(id)) return null;
    // A new @sentry/core may store more there or export more: read it before building on it.
    if (!readFileSync(id, 'utf8').includes(EXPORTS))
      throw new Error(`${id} no longer exports what scripts/sentryCarrier.ts replaces; review the replacement`);
    return { code: PRIVATE_CARRIER, moduleType: 'js' };
  },
};
