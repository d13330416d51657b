/**
 * The SDK's pure rules for the extension's screens, so they check a tenant, locale or event exactly
 * as Aisle does. Nothing here touches a page or loads the app.
 */
export {
  CONTEXT_ELEMENT_ID,
  DEBUG_EVENT,
  GLOBAL_NAME,
  emptyDebugSnapshot,
  type AisleGlobal,
  type WindowWithAisle,
} from '../contract.js';
export { VERSION } from '../version.js';
export { isRecord } from '../core/coerce.js';
export { ENVIRONMENTS, REGIONS, type Environment, type Region, type TenantConfig } from '../core/types.js';
export { LOCALES, isLocale, knownLocales, localeName, type Locale } from '../core/locales.js';
export { TENANT_FIELDS, TENANT_FIELD_NAMES, tenantField, type TenantFieldSpec } from '../core/tenantFields.js';
export { CONSENT_MODES, consentSettingProblem, type ConsentMode } from '../core/consentSetting.js';
export { CONSENT_CATEGORIES, type ConsentCategory, type ConsentStatus } from '../core/consent.js';
export { customizationProblems } from '../core/normalize.js';
export { readCustomization } from '../core/customization.js';
export { messagesFor } from '../core/messages.js';
export { routeBase } from '../core/safeUrl.js';
export { pageFromPath } from '../core/searchRequest.js';
export { validateEvent } from '../analytics/catalogue.js';
export { normaliseVisitorCode, visitorCode } from '../core/visitorCode.js';
