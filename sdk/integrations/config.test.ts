import { describe, expect, it } from 'vitest';
import { DISTINCT_ID_KEY, TOKEN_KEY } from '../analytics/identity.js';
import { readRenderContext } from '../core/normalize.js';
import {
  ANALYTICS_SECRET_KEYS,
  ERROR_SAMPLE_RATE,
  MAX_LINE_CHARS,
  MAX_STACK_FRAMES,
  TRACE_SAMPLE_RATE,
  errorSampleRate,
  reportingEnvironment,
} from './config.js';

describe('the integrations use the product’s fixed rates, limits and environment names', () => {
  it('pins the rates and limits', () => {
    expect(ERROR_SAMPLE_RATE).toBe(0.0001);
    expect(TRACE_SAMPLE_RATE).toBe(0.01);
    expect(MAX_STACK_FRAMES).toBe(50);
    expect(MAX_LINE_CHARS).toBe(1024);
  });

  it.each([
    ['production', 'production'],
    ['qa', 'staging'],
    ['development', 'development'],
  ] as const)('reports the %s environment as %s', (environment, reported) => {
    expect(reportingEnvironment(environment)).toBe(reported);
  });

  it('forces the sample rate only on development pages', () => {
    expect(errorSampleRate('development', 1)).toBe(1);
    expect(errorSampleRate('development', undefined)).toBe(0.0001);
    expect(errorSampleRate('qa', 1)).toBe(0.0001);
    expect(errorSampleRate('production', 1)).toBe(0.0001);
  });

  it('names the analytics storage keys the session uses', () => {
    expect(ANALYTICS_SECRET_KEYS).toEqual([TOKEN_KEY, DISTINCT_ID_KEY]);
  });
});

describe('the render context turns an integration on only when it is complete', () => {
  const read = (config: Record<string, unknown>) => {
    const result = readRenderContext({ config: { id: 'maple', ...config }, environment: 'development' });
    if (!result.ok) throw new Error(result.error);
    return result.context.config;
  };

  it('keeps complete settings', () => {
    const config = read({
      errorReportingDsn: 'https://key@errors.example/1',
      errorReportingSampleRate: 1,
      clickAnalytics: { domain: 'shop.example', endpoint: 'https://clicks.example/api/event' },
      experiments: { clientKey: 'sdk-maple', apiHost: 'https://flags.example' },
    });
    expect(config).toMatchObject({
      errorReportingDsn: 'https://key@errors.example/1',
      errorReportingSampleRate: 1,
      clickAnalytics: { domain: 'shop.example', endpoint: 'https://clicks.example/api/event' },
      experiments: { clientKey: 'sdk-maple', apiHost: 'https://flags.example' },
    });
  });

  it('leaves every integration off when absent, partial or malformed', () => {
    const config = read({
      errorReportingDsn: '',
      errorReportingSampleRate: 7,
      clickAnalytics: { domain: 'shop.example' },
      experiments: 'sdk-maple',
    });
    for (const field of ['errorReportingDsn', 'errorReportingSampleRate', 'clickAnalytics', 'experiments'])
      expect(config).not.toHaveProperty(field);
    expect(read({})).not.toHaveProperty('clickAnalytics');
  });
});
