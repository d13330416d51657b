/**
 * GrowthBook on demand, its features fetched once through Aisle's transport (time-out, no cookies, no
 * cache in the host's storage, no streaming); it fills FeatureFlags.
 */
import { GrowthBook, type Attributes, type FeatureDefinitions } from '@growthbook/growthbook';
// GrowthBook's own helper for visual experiments (the copy GrowthBook itself imports).
import { disconnectGlobalObserver } from 'dom-mutator';
import { isRecord } from '../core/coerce.js';
import type { RootStore, Visit } from '../stores/RootStore.js';
import { ANALYTICS_SECRET_KEYS, EXPERIMENTS_TIMEOUT_MS, reportingEnvironment } from './config.js';

/** What the experiments client needs. */
export interface ExperimentsOptions {
  clientKey: string;
  apiHost: string;
}

/** An event as the experiments stand-in (and a GrowthBook ingestion endpoint) receives it. */
export interface ExperimentEvent {
  event: 'campaign_impression' | 'experiment_viewed';
  properties: Record<string, string>;
  url: string;
}

type Root = Pick<RootStore, 'context' | 'env' | 'flags' | 'onVisit'>;

/** The shopper's attributes for targeting: the page's campaign and context, and the visitor id for bucketing. */
export function attributesFor(root: Root, pageType: string): Attributes {
  const { config, environment, additional } = root.context;
  return {
    // Used for bucketing on the page only: GrowthBook evaluates locally and Aisle's events omit it.
    id: root.env.storage.getItem(ANALYTICS_SECRET_KEYS[1]) ?? undefined,
    campaign: additional.campaign,
    tenant: config.id,
    environment: reportingEnvironment(environment),
    locale: additional.locale ?? additional.lang,
    pageType,
  };
}

/** The tenant's features, or none when they cannot be read. */
export async function loadFeatures(root: Root, options: ExperimentsOptions): Promise<FeatureDefinitions> {
  const url = `${options.apiHost.replace(/\/+$/, '')}/api/features/${encodeURIComponent(options.clientKey)}`;
  try {
    const answer = await root.env.transport.request(url, { credentials: 'omit', timeoutMs: EXPERIMENTS_TIMEOUT_MS });
    const json = answer.json;
    return answer.ok && isRecord(json) && isRecord(json.features) ? (json.features as FeatureDefinitions) : {};
  } catch {
    return {};
  }
}

/** Starts the client, records the impressions; returns the cleanup. */
export function startExperiments(root: Root, options: ExperimentsOptions): () => void {
  // GrowthBook starts a page-wide MutationObserver for visual experiments, which are off here.
  disconnectGlobalObserver();
  let stopped = false;
  let stopVisits: () => void = () => undefined;
  const pageUrl = () => root.env.host.location().href.split(/[?#]/)[0]!;
  const send = (event: ExperimentEvent['event'], properties: Record<string, string>): void => {
    const body: ExperimentEvent = { event, properties, url: pageUrl() };
    const url = `${options.apiHost.replace(/\/+$/, '')}/track`;
    root.env.transport
      .request(url, {
        method: 'POST',
        body,
        params: { client_key: options.clientKey },
        credentials: 'omit',
        timeoutMs: EXPERIMENTS_TIMEOUT_MS,
      })
      .catch(() => undefined);
  };
  const growthbook = new GrowthBook({
    attributes: attributesFor(root, 'dlp'),
    // Aisle's experiments are flags read by its components: nothing may change or move the host's page.
    disableVisualExperiments: true,
    disableJsInjection: true,
    disableUrlRedirectExperiments: true,
    disableCrossOriginUrlRedirectExperiments: true,
    trackingCallback: (experiment, result) => {
      const campaign = root.context.additional.campaign;
      send('experiment_viewed', {
        experiment_id: experiment.key,
        variation_id: String(result.key),
        ...(campaign ? { campaign } : {}),
      });
    },
  });
  void loadFeatures(root, options).then((features) => {
    if (stopped) return;
    growthbook.initSync({ payload: { features } });
    root.flags.connect((name) => growthbook.getFeatureValue(name, undefined as unknown));
    stopVisits = root.onVisit((visit: Visit) => {
      const campaign = root.context.additional.campaign;
      void growthbook.setAttributes(attributesFor(root, visit.routeName)).then(() => root.flags.changed());
      if (campaign) send('campaign_impression', { campaign, page_type: visit.routeName });
    });
  });
  return () => {
    stopped = true;
    stopVisits();
    root.flags.disconnect();
    growthbook.destroy();
  };
}
