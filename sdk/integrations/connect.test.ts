import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageConsent } from '../core/consent.js';
import type { TenantConfig } from '../core/types.js';
import { RootStore } from '../stores/RootStore.js';
import { fakeEnv, testContext } from '../testing/stores.js';
import { FALLBACK_DELAY_MS, connectIntegrations, type IntegrationModules } from './connect.js';
import { ErrorReports } from './errorReports.js';

function modules() {
  const stops = { errorReporting: vi.fn(), clickAnalytics: vi.fn(), experiments: vi.fn() };
  const started = {
    errorReporting: vi.fn((_options: object, _reports: ErrorReports) => stops.errorReporting),
    clickAnalytics: vi.fn(() => stops.clickAnalytics),
    experiments: vi.fn(() => stops.experiments),
  };
  const loaders = {
    errorReporting: vi.fn(async () => ({ startErrorReporting: started.errorReporting })),
    clickAnalytics: vi.fn(async () => ({ startClickAnalytics: started.clickAnalytics })),
    experiments: vi.fn(async () => ({ startExperiments: started.experiments })),
  };
  return { loaders, started, stops, asModules: loaders as unknown as IntegrationModules };
}

const win = { fetch: vi.fn() as unknown as typeof fetch };

function connect(config: Partial<TenantConfig>, consent?: PageConsent) {
  const env = fakeEnv();
  env.consent = consent;
  const root = new RootStore(env, testContext(config, { environment: 'development' }), 1280);
  const errors = new ErrorReports();
  const m = modules();
  const connection = connectIntegrations(root, errors, win, m.asModules);
  return { ...m, errors, connection };
}

describe('integrations load lazily, when the page is idle, and only when configured', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads nothing before the page is idle', async () => {
    const { loaders } = connect({ errorReportingDsn: 'http://k@e.test/1' });
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAY_MS - 1);
    expect(loaders.errorReporting).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(loaders.errorReporting).toHaveBeenCalledTimes(1);
  });

  it('loads only the configured SDKs', async () => {
    const { loaders, started } = connect({ experiments: { clientKey: 'k', apiHost: 'http://g.test' } });
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAY_MS);
    expect(loaders.experiments).toHaveBeenCalledTimes(1);
    expect(started.experiments).toHaveBeenCalledTimes(1);
    expect(loaders.errorReporting).not.toHaveBeenCalled();
    expect(loaders.clickAnalytics).not.toHaveBeenCalled();
  });

  it('without error reporting, Aisle’s error reports are dropped at once', () => {
    const { errors } = connect({ clickAnalytics: { domain: 'd', endpoint: 'http://p.test' } });
    const sink = vi.fn();
    errors.report({ message: 'x' });
    errors.attach(sink);
    expect(sink).not.toHaveBeenCalled();
  });

  it('passes the development sample rate and the environment to the reporter', async () => {
    const { started } = connect({ errorReportingDsn: 'http://k@e.test/1', errorReportingSampleRate: 1 });
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAY_MS);
    expect(started.errorReporting.mock.calls[0]![0]).toMatchObject({
      dsn: 'http://k@e.test/1',
      sampleRate: 1,
      environment: 'development',
    });
  });

  it('dispose stops what runs and cancels what has not loaded yet', async () => {
    const all = {
      errorReportingDsn: 'http://k@e.test/1',
      clickAnalytics: { domain: 'd', endpoint: 'http://p.test' },
      experiments: { clientKey: 'k', apiHost: 'http://g.test' },
    };
    const running = connect(all);
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAY_MS);
    running.connection.dispose();
    for (const stop of Object.values(running.stops)) expect(stop).toHaveBeenCalledTimes(1);
    const early = connect(all);
    early.connection.dispose();
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAY_MS * 10);
    for (const load of Object.values(early.loaders)) expect(load).not.toHaveBeenCalled();
  });

  it('waits for one idle moment, then starts every configured SDK in it', async () => {
    const idle: Array<() => void> = [];
    const idleWindow = {
      ...win,
      requestIdleCallback: (run: () => void) => idle.push(run),
      cancelIdleCallback: () => undefined,
    };
    const root = new RootStore(
      fakeEnv(),
      testContext({
        errorReportingDsn: 'http://k@e.test/1',
        clickAnalytics: { domain: 'd', endpoint: 'http://p.test' },
        experiments: { clientKey: 'k', apiHost: 'http://g.test' },
      }),
      1280,
    );
    const m = modules();
    connectIntegrations(root, new ErrorReports(), idleWindow, m.asModules);
    expect(idle).toHaveLength(1);
    for (const load of Object.values(m.loaders)) expect(load).not.toHaveBeenCalled();
    idle[0]!();
    await vi.advanceTimersByTimeAsync(0);
    for (const start of Object.values(m.started)) expect(start).toHaveBeenCalledTimes(1);
  });

  it('a chunk that cannot load leaves a warning, never an error report', async () => {
    const root = new RootStore(fakeEnv(), testContext({ errorReportingDsn: 'http://k@e.test/1' }), 1280);
    const failing = { ...modules().asModules, errorReporting: () => Promise.reject(new Error('blocked')) };
    connectIntegrations(root, new ErrorReports(), win, failing as IntegrationModules);
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAY_MS);
    const env = root.env as ReturnType<typeof fakeEnv>;
    expect(env.lines.warn).toEqual(['[Aisle] error reporting could not load: it stays off on this page.']);
    expect(env.lines.error).toEqual([]);
  });
});

describe('integrations follow the shopper’s consent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const all = {
    errorReportingDsn: 'http://k@e.test/1',
    clickAnalytics: { domain: 'd', endpoint: 'http://p.test' },
    experiments: { clientKey: 'k', apiHost: 'http://g.test' },
  };

  it('loads none of them before consent where the tenant requires it, and each once it is granted', async () => {
    const consent = new PageConsent(false);
    const { loaders, started } = connect({ ...all, consent: 'required' }, consent);
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAY_MS * 10);
    for (const load of Object.values(loaders)) expect(load).not.toHaveBeenCalled();
    consent.set({ clicks: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(started.clickAnalytics).toHaveBeenCalledTimes(1);
    expect(loaders.errorReporting).not.toHaveBeenCalled();
    expect(loaders.experiments).not.toHaveBeenCalled();
  });

  it('stops one at once when it is withdrawn, and starts it again when it is granted again', async () => {
    const consent = new PageConsent(false);
    const { started, stops } = connect(all, consent);
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAY_MS);
    consent.set({ experiments: false, errors: false });
    expect(stops.experiments).toHaveBeenCalledTimes(1);
    expect(stops.errorReporting).toHaveBeenCalledTimes(1);
    expect(stops.clickAnalytics).not.toHaveBeenCalled();
    consent.set({ experiments: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(started.experiments).toHaveBeenCalledTimes(2);
  });

  it('starts no third party at all under Global Privacy Control, even when granted', async () => {
    const consent = new PageConsent(true);
    consent.set({ errors: true, clicks: true, experiments: true });
    const { loaders } = connect(all, consent);
    await vi.advanceTimersByTimeAsync(FALLBACK_DELAY_MS * 10);
    for (const load of Object.values(loaders)) expect(load).not.toHaveBeenCalled();
  });
});
