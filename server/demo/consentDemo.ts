/**
 * A stand-in consent tool: a banner reports the choice with `Aisle.consent()` and remembers nothing.
 * `?gpc=1` plays a browser that sends Global Privacy Control.
 */
import { consentModeFor } from '../../sdk/core/consentSetting.js';
import type { RenderContext } from '../../sdk/core/types.js';
import { escapeHtml } from '../http.js';
import type { Lang } from '../search/labels.js';
import { nonceAttribute, type PagePolicy } from './csp.js';

const TEXTS: Record<Lang, { label: string; ask: string; accept: string; refuse: string }> = {
  en: {
    label: 'Privacy choices',
    ask: 'We would like to measure how our catalogue is used. Nothing is stored on your device until you agree.',
    accept: 'Accept',
    refuse: 'Refuse',
  },
  fr: {
    label: 'Choix de confidentialité',
    ask: 'Nous aimerions mesurer l’usage de notre catalogue. Rien n’est enregistré sur votre appareil sans votre accord.',
    accept: 'Accepter',
    refuse: 'Refuser',
  },
};

/** The GPC stand-in's code. */
export const GPC_JS = `Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { configurable: true, get: () => true });`;

/** Inline, or under a CSP the file at `src` with the nonce: `script-src 'self'` refuses inline scripts. */
export function demoScript(code: string, src: string, policy: PagePolicy | null | undefined): string {
  return policy ? `<script src="${src}"${nonceAttribute(policy)}></script>` : `<script>${code}</script>`;
}

/** What goes into the demo page's head, before aisle.js: the GPC stand-in when asked for. */
export function consentDemoHead(url: URL, policy?: PagePolicy | null): string {
  if (url.searchParams.get('gpc') !== '1') return '';
  return demoScript(GPC_JS, '/demo/gpc.js', policy);
}

/** The consent banner at the end of the page's body, where the tenant requires consent; else ''. */
export function consentBanner(context: RenderContext, locale: Lang, policy?: PagePolicy | null): string {
  const region = context.additional.region ?? context.config.region ?? 'us';
  if (consentModeFor(context.config.consent, region) !== 'required') return '';
  const texts = TEXTS[locale];
  return `<section class="shop-consent" aria-label="${escapeHtml(texts.label)}" data-demo="consent">
<p>${escapeHtml(texts.ask)}</p>
<button type="button" data-consent="accept">${escapeHtml(texts.accept)}</button>
<button type="button" data-consent="refuse">${escapeHtml(texts.refuse)}</button>
</section>
${demoScript(CONSENT_JS, '/demo/consent.js', policy)}`;
}

/** The banner's code: tells Aisle the shopper's choice. */
export const CONSENT_JS = `document.querySelector('.shop-consent').addEventListener('click', function (event) {
  var choice = event.target.getAttribute && event.target.getAttribute('data-consent');
  if (!choice) return;
  var yes = choice === 'accept';
  var tell = function () {
    if (window.Aisle) window.Aisle.consent({ analytics: yes, errors: yes, clicks: yes, experiments: yes });
  };
  // aisle.js is deferred: a choice made while the page still loads is told once it has run.
  if (window.Aisle || document.readyState !== 'loading') tell();
  else document.addEventListener('DOMContentLoaded', tell, { once: true });
  this.hidden = true;
});
`;
