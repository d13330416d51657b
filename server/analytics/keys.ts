/**
 * The admin key of a development or test service when `ANALYTICS_ADMIN_KEY` is unset: it reads every
 * shop's events on the local stack. A service in any other environment has no default admin key.
 */
export const DEV_ANALYTICS_ADMIN_KEY = 'aisle-local-admin-key-development-only';
