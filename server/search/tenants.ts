/**
 * Which tenant a search body speaks for: `customer` is the tenant's customerSearchId or its id
 * (the documented rule). Under a tenant's base path (proxySearch) the path decides, and `customer`,
 * when sent, must agree with it.
 */
import { quote } from './parsing.js';
import type { Parsed } from './parsing.js';
import type { SearchOptions, SearchTenant } from './types.js';

function names(tenant: SearchTenant, customer: string): boolean {
  return tenant.config.customerSearchId === customer || tenant.config.id === customer;
}

/** The tenant of a request, or the 400/404 to answer with. */
export function resolveTenant(customer: unknown, opts: SearchOptions): Parsed<SearchTenant> {
  if (customer !== undefined && customer !== null && typeof customer !== 'string') {
    return { ok: false, status: 400, error: 'customer must be a string' };
  }
  const tenants = Array.isArray(opts.tenants) ? opts.tenants : [];
  let byPath: SearchTenant | undefined;
  if (typeof opts.basePathTenant === 'string') {
    const wanted = opts.basePathTenant.replace(/^\/+/, '');
    byPath = tenants.find((t) => t.config.id === wanted || t.config.base.replace(/^\/+/, '') === wanted);
    if (!byPath) return { ok: false, status: 404, error: `no tenant at ${quote(opts.basePathTenant)}` };
  } else {
    byPath = opts.basePathTenant;
  }
  if (byPath) {
    if (typeof customer === 'string' && customer !== '' && !names(byPath, customer)) {
      return {
        ok: false,
        status: 400,
        error: `customer ${quote(customer)} does not match the tenant at ${byPath.config.base}`,
      };
    }
    return { ok: true, value: byPath };
  }
  if (typeof customer !== 'string' || customer === '') {
    return { ok: false, status: 400, error: 'customer is required (the tenant customerSearchId or id)' };
  }
  const tenant = tenants.find((t) => t.config.customerSearchId === customer) ?? tenants.find((t) => names(t, customer));
  if (!tenant) return { ok: false, status: 400, error: `unknown customer ${quote(customer)}` };
  return { ok: true, value: tenant };
}
