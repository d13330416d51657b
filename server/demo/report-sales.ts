/** The report page's sales part; every text from the report goes through `esc` before it is written as HTML. */
export const SALES_SCRIPT = `
const money = (amount, currency) => currency
  ? new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount)
  : amount.toFixed(2);
// The change in revenue, in the shop's currency.
function moneyChange(now, before, currency) {
  if (before === undefined) return change(now, before);
  const d = now - before;
  const text = d ? (d > 0 ? '▲ up ' : '▼ down ') + esc(money(Math.abs(d), currency)) : 'no change';
  return '<small class="change" data-report="change">' + text + ' vs previous period</small>';
}
function salesTiles(sales, before) {
  const share = sales.revenue ? sales.attributedRevenue / sales.revenue : 0;
  const was = before && before.revenue ? before.attributedRevenue / before.revenue : undefined;
  return '<h2>Sales</h2><div class="tiles" data-report="sales">' +
    '<div class="tile"><small>Added to cart</small><b>' + sales.addsToCart + '</b>' + change(sales.addsToCart, before?.addsToCart) + '</div>' +
    '<div class="tile"><small>Products bought</small><b>' + sales.conversions + '</b>' + change(sales.conversions, before?.conversions) + '</div>' +
    '<div class="tile"><small>Revenue</small><b>' + esc(money(sales.revenue, sales.currency)) + '</b>' + moneyChange(sales.revenue, before?.revenue, sales.currency) + '</div>' +
    '<div class="tile"><small>Revenue from listing clicks</small><b>' + pct(share) + '</b>' +
    (was === undefined ? '<small class="change">' + esc(money(sales.attributedRevenue, sales.currency)) + '</small>' : change(share, was, true)) +
    '</div></div>';
}
function listingSalesTiles(l, was, currency) {
  return '<div class="tile"><small>Added to cart</small><b>' + l.addsToCart + '</b>' + change(l.addsToCart, was?.addsToCart) + '</div>' +
    '<div class="tile"><small>Bought after a click</small><b>' + l.conversions + '</b><small>' + (l.clicks > 0 ? pct(l.conversionRate) + ' of clicks' : 'no clicks yet') + '</small></div>' +
    '<div class="tile"><small>Revenue</small><b data-report="listing-revenue">' + esc(money(l.revenue, currency)) + '</b>' + moneyChange(l.revenue, was?.revenue, currency) + '</div>';
}
function salesTables(l, currency) {
  // Revenue first after the name, so that a phone shows it without scrolling; clicks are in the chart above.
  const cells = (p) => '</td><td class="n">' + esc(money(p.revenue, currency)) + '</td><td class="n">' + p.conversions +
    '</td><td class="n">' + pct(p.conversionRate) + '</td><td class="n">' + p.addsToCart + '</td></tr>';
  const sold = l.byPosition.filter((p) => p.addsToCart || p.conversions);
  const positions = sold.length ? sold.map((p) => '<tr><td>#' + p.position + cells(p)).join('')
    : '<tr><td colspan="5" class="note">No sales after a click in this period</td></tr>';
  const sellers = l.bestSellers.length ? l.bestSellers.map((p) => '<tr><td>' + esc(p.name ?? p.productId) +
    (p.name ? '<small>' + esc(p.productId) + '</small>' : '') + cells(p)).join('')
    : '<tr><td colspan="5" class="note">None in this period</td></tr>';
  const head = (first) => '<tr><th>' + first + '</th><th class="n">Revenue</th><th class="n">Bought</th>' +
    '<th class="n">Per click</th><th class="n">Added</th></tr>';
  // A table wider than a phone scrolls in its panel, which the keyboard can reach and a screen reader names.
  const panel = (title) => '<div class="panel scroll" tabindex="0" role="region" aria-label="' + title + ', ' + esc(l.listing) +
    '"><h3>' + title + '</h3>';
  return '<div class="grid2 even">' + panel('Sales by position') + '<table data-report="sales-by-position">' +
    head('Position') + positions + '</table></div>' + panel('Best sellers from this listing') +
    '<table data-report="best-sellers">' + head('Product') + sellers + '</table></div></div>';
}
`;
