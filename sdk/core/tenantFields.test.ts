import { describe, expect, it } from 'vitest';
import { readRenderContext } from './normalize.js';
import { TENANT_FIELD_NAMES, tenantField, type TenantFieldSpec } from './tenantFields.js';
import type { TenantConfig } from './types.js';

/** A usable value of each kind, as a tenant would write it. */
function sample(spec: TenantFieldSpec): unknown {
  switch (spec.kind) {
    case 'id':
      return 'acme';
    case 'path':
      return '/acme';
    case 'string':
      return 'text';
    case 'url':
      return 'https://acme.example';
    case 'bool':
      return !spec.default;
    case 'positiveInt':
      return spec.max;
    case 'enum':
      return spec.values[spec.values.length - 1];
    case 'rate':
      return 0.5;
    case 'object':
      return Object.fromEntries(spec.fields.map((field) => [field, `${field} value`]));
  }
}

const full = Object.fromEntries(TENANT_FIELD_NAMES.map((field) => [field, sample(tenantField(field))]));

function read(config: Record<string, unknown>): TenantConfig {
  const result = readRenderContext({ config });
  if (!result.ok) throw new Error(result.error);
  return result.context.config;
}

describe('the tenant field table', () => {
  it('is what the render context keeps: every field with a usable value is read as given', () => {
    expect(read(full)).toEqual(full);
  });

  it('fills the default of every field that has one, and leaves the others out', () => {
    const config = read({ id: 'acme' });
    for (const field of TENANT_FIELD_NAMES) {
      const spec = tenantField(field);
      if ('default' in spec) expect(config[field], field).toBe(spec.default);
      else if (field !== 'id' && field !== 'base') expect(config, field).not.toHaveProperty(field);
    }
  });

  it('never keeps a value of the wrong kind', () => {
    const wrong = Object.fromEntries(TENANT_FIELD_NAMES.map((field) => [field, field === 'id' ? 'acme' : [1]]));
    const config = read(wrong);
    for (const field of TENANT_FIELD_NAMES) expect(config[field], field).not.toEqual([1]);
  });
});
