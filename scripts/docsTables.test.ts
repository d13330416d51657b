/**
 * The docs' tables of what a retailer configures are checked against the code they describe, as the
 * analytics catalogue is: a tenant field or a filter panel added in code and not in the docs (or the
 * reverse) fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TENANT_FIELD_NAMES } from '../sdk/core/tenantFields.js';
import { PANEL_KEYS } from '../sdk/ui/filters/registry.js';

const doc = (name: string): string => readFileSync(`docs/${name}`, 'utf8');

describe('the docs tables', () => {
  it('embedding.md lists every tenant field of the render context, and no other', () => {
    const table = doc('embedding.md')
      .split('## The render context')[1]!
      .split('\n\n')
      .find((block) => block.startsWith('| field'))!;
    const named = new Set(
      table
        .split('\n')
        .map((row) => row.split('|')[1] ?? '')
        .flatMap((cell) => [...cell.matchAll(/`config\.(\w+)`/g)].map((m) => m[1]!)),
    );
    expect([...named].sort()).toEqual([...TENANT_FIELD_NAMES].sort());
  });

  it('backend-fields.md names the filter keys that get a panel of their own', () => {
    const sentence = /The keys ([^.]*) get their own panels/.exec(doc('backend-fields.md'))?.[1] ?? '';
    const keys = [...sentence.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
    expect(keys.sort()).toEqual([...PANEL_KEYS].sort());
  });
});
