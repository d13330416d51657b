/**
 * Connects the configured integrations after the first render, at the page's first idle moment.
 * A blocked or failing service is never the page's problem: every failure here ends in silence.
 */
import { permits } from '../core/consent.js';
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

interface Integration {
  category: 'errors' | 'clicks' | 'experiments';
  name: string;
  run(): Promise<() => void>;
}

/** Starts each configured integration consent allows, and stops one at once when consent is withdrawn. Never throws. */
export function connectIntegrations(
  root: RootStore,
  errors: ErrorReports,
  win: IdleWindow,
  modules: IntegrationModules = dynamicModules,
): IntegrationsConnection {
  const { config, environment } = root.context;
  const { env } = root;
  const running = new Map<Integration, (() => void) | null>();
  let disposed = false;
  let idle = false;
  const integrations: Integration[] = [];
  const add = <M>(
    category: Integration['category'],
    name: string,
    load: () => Promise<M>,
    run: (module: M) => () => void,
  ): void => {
    integrations.push({ category, name, run: () => load().then(run) });
  };
  if (config.errorReportingDsn) {
    const dsn = config.errorReportingDsn;
    add('errors', 'error reporting', modules.errorReporting, (m) => {
      errors.enable();
      return m.startErrorReporting(
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
      );
    });
  } else errors.disable();
  const { clickAnalytics, experiments } = config;
  if (clickAnalytics)
    add('clicks', 'click analytics', modules.clickAnalytics, (m) =>
      m.startClickAnalytics({ ...clickAnalytics, development: environment === 'development' }, root.tracker),
    );
  if (experiments) add('experiments', 'experiments', modules.experiments, (m) => m.startExperiments(root, experiments));

  const stop = (integration: Integration): void => {
    const cleanup = running.get(integration);
    running.delete(integration);
    cleanup?.();
    if (integration.category === 'errors') errors.disable();
  };
  const start = (integration: Integration): void => {
    running.set(integration, null);
    integration
      .run()
      .then((cleanup) => {
        // Unmounted, or withdrawn while it loaded: it stops as soon as it has started.
        if (disposed || !running.has(integration)) cleanup();
        else running.set(integration, cleanup);
      })
      // A warning, not an error: an error would be reported, and the reporter may be what failed.
      .catch(() => env.log.warn(`[Aisle] ${integration.name} could not load: it stays off on this page.`));
  };
  const allowed = (integration: Integration): boolean =>
    permits(env.consent, integration.category, config, root.region);
  const follow = (): void => {
    if (disposed || !idle) return;
    for (const integration of integrations) {
      if (allowed(integration) && !running.has(integration)) start(integration);
      else if (!allowed(integration) && running.has(integration)) stop(integration);
    }
  };
  const cleanups: Array<() => void> = [];
  if (integrations.length > 0) {
    cleanups.push(
      whenIdle(win, env.timers, () => {
        idle = true;
        follow();
      }),
    );
    const unfollow = env.consent?.subscribe(follow);
    if (unfollow) cleanups.push(unfollow);
  }
  return {
    dispose() {
      disposed = true;
      errors.disable();
      cleanups.splice(0).forEach((cleanup) => cleanup());
      [...running.keys()].reverse().forEach(stop);
    },
  };
}
