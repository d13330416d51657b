/** The features the GrowthBook stand-in serves for any client key (the demo's experiments). */
import type { FeatureDefinitions } from '@growthbook/growthbook';

/** A campaign banner, on where the page has a campaign, and a 50/50 grid-density experiment. */
export function demoFeatures(): FeatureDefinitions {
  return {
    'campaign-banner': {
      defaultValue: false,
      rules: [{ condition: { campaign: { $exists: true } }, force: true }],
    },
    'grid-density': {
      defaultValue: 'comfortable',
      rules: [
        {
          key: 'grid-density',
          variations: ['comfortable', 'compact'],
          weights: [0.5, 0.5],
          coverage: 1,
          hashAttribute: 'id',
        },
      ],
    },
  };
}
