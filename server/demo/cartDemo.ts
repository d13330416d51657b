/**
 * A stand-in cart on any demo listing opened with `?cart=1`: a card slot's "Add to cart" and a
 * Checkout report conversions with `Aisle.track`, as a shop's pages would. A reload empties it.
 */
import { currencyOf } from '../../sdk/core/format.js';
import type { RenderContext } from '../../sdk/core/types.js';
import { escapeHtml } from '../http.js';
import type { Lang } from '../search/labels.js';
import type { PagePolicy } from './csp.js';
import { demoScript } from './consentDemo.js';

const TEXTS: Record<Lang, { label: string; add: string; checkout: string }> = {
  en: { label: 'Cart', add: 'Add to cart', checkout: 'Checkout' },
  fr: { label: 'Panier', add: 'Ajouter au panier', checkout: 'Commander' },
};

/** The cart's bar at the end of the page's body when the page asks for it (`?cart=1`); else ''. */
export function cartDemo(url: URL, context: RenderContext, locale: Lang, policy?: PagePolicy | null): string {
  if (url.searchParams.get('cart') !== '1') return '';
  const texts = TEXTS[locale];
  const region = context.additional.region ?? context.config.region;
  const currency = currencyOf(region === 'ca' ? 'ca' : 'us');
  return `<section class="shop-cart" aria-label="${escapeHtml(texts.label)}" data-demo="cart" data-currency="${currency}" data-add="${escapeHtml(texts.add)}">
<p role="status">${escapeHtml(texts.label)}: <span data-cart="count">0</span></p>
<button type="button" data-cart="checkout">${escapeHtml(texts.checkout)}</button>
</section>
${demoScript(CART_JS, '/demo/cart.js', policy)}`;
}

/** The cart's code. */
export const CART_JS = `(function () {
  var bar = document.querySelector('[data-demo="cart"]');
  var currency = bar.getAttribute('data-currency');
  var count = bar.querySelector('[data-cart="count"]');
  var cart = [];
  var show = function () {
    count.textContent = String(cart.reduce(function (sum, line) { return sum + line.quantity; }, 0));
  };
  var register = function () {
    window.Aisle.setCardSlots({
      actions: function (product, h) {
        return h('button', {
          type: 'button',
          class: 'shop-add',
          'aria-label': bar.getAttribute('data-add') + ': ' + product.title,
          'data-product-id': product.productId,
          onClick: function () {
            var line = { product_id: product.productId, quantity: 1, price: product.salePrice !== null ? product.salePrice : product.price };
            cart.push(line);
            show();
            window.Aisle.track('add_to_cart', { items: [line], currency: currency });
          },
        }, bar.getAttribute('data-add'));
      },
    });
  };
  bar.querySelector('[data-cart="checkout"]').addEventListener('click', function () {
    if (cart.length === 0) return;
    window.Aisle.track('purchase', { items: cart, currency: currency, order_id: 'demo-' + Date.now().toString(36) });
    cart = [];
    show();
  });
  // aisle.js is deferred: the slots are set once it has run.
  if (window.Aisle) register();
  else document.addEventListener('DOMContentLoaded', register, { once: true });
})();
`;
