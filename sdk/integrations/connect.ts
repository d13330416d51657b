/**
 * Connects the configured integrations to a mounted Aisle (this module loads after the first
 * render, and only for a tenant that configures one). The configured SDKs load on demand at the
 * page's first idle moment (the one idle wait between the first render and them); until then Aisle's errors wait in ErrorReports and flags read their fallbacks. A blocked
 * or failing service is never the page's problem: every failure here ends in silence.
 */
import type { RootStore } from '../stores/RootStore.js';
import type { ErrorReports } from './errorReports.js';

export { FALLBACK_DELAY_MS, IDLE_TIMEOUT_MS, whenIdle, type IdleWindow } from '../host/idle.js';
import { whenIdle, type IdleWindow } from '../host/idle.js';

/** Which SDK modules are loaded; replaceable in tests. */
export interface IntegrationModules {
  errorReporting: () => Promise<typeof import('./errorReporting.js')>;
  clickAnalytics: () => Promise<typeof import('./clickAnalytics.js')>;
  experiments: () => Promise<typeof import('./experiments.js')>;
}

const dynamicModules: IntegrationModules = {
  errorReporting: () => import('./errorReporting.js'),
  clickAnalytics: () => import('./clickAnalytics.js'),
  experiments: () => import('./experiments.js'),
};

/** The cleanup of the running integrations. */
export interface IntegrationsConnection {
  dispose(): void;
}

/** Starts, once the page is idle, each integration the tenant configures; never throws. */
export function connectIntegrations(
  root: RootStore,
  errors: ErrorReports,
  win: IdleWindow,
  modules: IntegrationModules = dynamicModules,
): IntegrationsConnection {
  const { config, environment } = root.context;
  const { env } = root;
  const cleanups: Array<() => void> = [];
  let disposed = false;
  const starts: Array<() => void> = [];
  const start = <M>(name: string, load: () => Promise<M>, run: (module: M) => () => void): void => {
    starts.push(() => {
      load()
        .then((module) => {
          if (!disposed) cleanups.push(run(module));
        })
        // A warning, not an error: an error would be reported, and the reporter may be what failed.
        .catch(() => env.log.warn(`[Aisle] ${name} could not load: it stays off on this page.`));
    });
  };
  if (config.errorReportingDsn) {
    const dsn = config.errorReportingDsn;
    start('error reporting', modules.errorReporting, (m) =>
      m.startErrorReporting(
        {
          dsn,
          environment,
          sampleRate: config.errorReportingSampleRate,
          tenant: config.id,
          storage: env.storage,
          pageUrl: () => env.host.location().href,
          fetch: win.fetch.bind(win),
        },
        errors,
      ),
    );
  } else errors.disable();
  const { clickAnalytics, experiments } = config;
  if (clickAnalytics)
    start('click analytics', modules.clickAnalytics, (m) =>
      m.startClickAnalytics({ ...clickAnalytics, development: environment === 'development' }, root.tracker),
    );
  if (experiments) start('experiments', modules.experiments, (m) => m.startExperiments(root, experiments));
  if (starts.length > 0) cleanups.push(whenIdle(win, env.timers, () => starts.forEach((run) => run())));
  return {
    dispose() {
      disposed = true;
      errors.disable();
      cleanups
        .splice(0)
        .reverse()
        .forEach((cleanup) => cleanup());
    },
  };
}
