/** The local stack's `/report` page: draws `GET /analytics/v3/report` with Chart.js (the dev key is filled in). */
import { DEV_ANALYTICS_ADMIN_KEY } from '../analytics/keys.js';
import { DEFAULT_MIN_SAMPLE } from '../analytics/reportRank.js';
import { SALES_SCRIPT } from './report-sales.js';

const STYLE = `
  :root { --ink:#1d2433; --muted:#5b6578; --line:#e3e7ee; --bg:#f6f7f9; --card:#fff; --accent:#2f6fed;
          --good:#17754c; --warn:#8a5a0f; --poor:#c53030; font-family: system-ui, -apple-system, sans-serif; }
  * { box-sizing: border-box; }
  body { margin:0; background:var(--bg); color:var(--ink); }
  header { background:var(--ink); color:#fff; padding:14px 24px; display:flex; gap:12px; align-items:baseline; flex-wrap:wrap; }
  header h1 { font-size:18px; margin:0; } header span { color:#b9c2d3; font-size:13px; }
  main { max-width:1180px; margin:0 auto; padding:20px 16px 48px; }
  form { display:flex; flex-wrap:wrap; gap:12px; align-items:end; background:var(--card); border:1px solid var(--line);
         border-radius:10px; padding:14px; }
  label { display:flex; flex-direction:column; font-size:12px; color:var(--muted); gap:4px; flex:1 1 140px; }
  input { font:inherit; font-size:14px; padding:7px 9px; border:1px solid var(--line); border-radius:6px; color:var(--ink); }
  button { font:inherit; font-weight:600; padding:8px 16px; border:0; border-radius:6px; background:var(--accent); color:#fff; cursor:pointer; }
  h2 { font-size:16px; margin:28px 0 10px; } h3 { font-size:14px; margin:0 0 8px; }
  .tiles { display:grid; grid-template-columns:repeat(auto-fit,minmax(150px,1fr)); gap:12px; }
  .tile, .panel { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:14px; }
  .tile b { display:block; font-size:24px; margin-top:4px; } .tile small { color:var(--muted); font-size:12px; }
  .grid2 { display:grid; grid-template-columns:2fr 1fr; gap:12px; margin-top:12px; } .grid2.even { grid-template-columns:1fr 1fr; }
  @media (max-width:760px) { .grid2, .grid2.even { grid-template-columns:1fr; } header { padding:12px 16px; } }
  table { width:100%; border-collapse:collapse; font-size:13px; }
  th, td { text-align:left; padding:6px 4px; border-bottom:1px solid var(--line); } th { color:var(--muted); font-weight:600; }
  td.n, th.n { text-align:right; font-variant-numeric:tabular-nums; }
  .good { color:var(--good); } .warn { color:var(--warn); } .poor { color:var(--poor); }
  .chart { position:relative; height:260px; } .note { color:var(--muted); font-size:12px; margin:6px 0 0; }
  .error { color:var(--poor); margin-top:12px; }
  .change { display:block; color:var(--muted); font-size:12px; margin-top:2px; }
  .exports { display:flex; flex-wrap:wrap; gap:8px; align-items:center; margin-top:12px; font-size:13px; }
  .exports button { background:var(--card); color:var(--accent); border:1px solid var(--accent); padding:5px 10px; }
  td small { display:block; color:var(--muted); }
  .scroll { overflow-x:auto; }
`;

const SCRIPT = `
const $ = (s) => document.querySelector(s);
const pct = (x) => (x * 100).toFixed(1) + '%';
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
const LIMITS = { lcp_ms: [2500, 4000], inp_ms: [200, 500], cls: [0.1, 0.25], ttfb_ms: [800, 1800] };
const NAMES = { lcp_ms: 'LCP', inp_ms: 'INP', cls: 'CLS', ttfb_ms: 'TTFB' };
const rate = (metric, v) => v <= LIMITS[metric][0] ? 'good' : v <= LIMITS[metric][1] ? 'warn' : 'poor';
const shown = (metric, v) => metric === 'cls' ? v.toFixed(3) : Math.round(v) + ' ms';
const charts = [];
function productRows(list) {
  if (!list.length) return '<tr><td colspan="5" class="note">None in this period</td></tr>';
  return list.map((p) => '<tr><td>' + esc(p.name ?? p.productId) + (p.name ? '<small>' + esc(p.productId) + '</small>' : '') +
    '</td><td class="n">' + p.impressions + '</td><td class="n">' + p.clicks + '</td><td class="n">' + pct(p.ctr) +
    '</td><td class="n">' + pct(p.ctrLow) + '–' + pct(p.ctrHigh) + '</td></tr>').join('');
}
const head = '<tr><th>Product</th><th class="n">Seen</th><th class="n">Clicks</th><th class="n">CTR</th><th class="n">Likely CTR (95%)</th></tr>';
function filterRows(list) {
  if (!list.length) return '<tr><td colspan="3" class="note">No filter came back empty</td></tr>';
  return list.map((f) => '<tr><td>' + esc(f.filter) + ': ' + esc(f.value) + '</td><td class="n">' + f.empty +
    '</td><td class="n">' + f.resultSets + '</td></tr>').join('');
}
// The change from the previous period of equal length, in words as well as signs for screen readers.
function change(now, before, asPct) {
  if (before === undefined) return '<small class="change">new this period</small>';
  const d = now - before;
  const text = asPct ? (d * 100).toFixed(1) + ' pts' : d.toLocaleString();
  const word = d > 0 ? 'up ' : d < 0 ? 'down ' : 'no change';
  return '<small class="change" data-report="change">' + (d ? (d > 0 ? '▲ ' : '▼ ') + word + text.replace('-', '') : word) +
    ' vs previous period</small>';
}
function sums(listings) {
  const imp = listings.reduce((s, l) => s + l.impressions, 0);
  const clk = listings.reduce((s, l) => s + l.clicks, 0);
  const sets = listings.reduce((s, l) => s + l.resultSets, 0);
  const empty = listings.reduce((s, l) => s + l.emptyShare * l.resultSets, 0);
  return { imp, clk, ctr: imp ? clk / imp : 0, empty: sets ? empty / sets : 0 };
}
const TABLES = [['listings', 'listings'], ['positions', 'click-through by position'], ['products', 'most and least clicked'],
  ['empty_filters', 'empty filters'], ['vitals', 'page speed'], ['best_sellers', 'best sellers'], ['sales', 'sales totals']];
function draw(report) {
  charts.splice(0).forEach((c) => c.destroy());
  const out = $('#report');
  const t = sums(report.listings);
  const p = sums(report.previous ? report.previous.listings : []);
  let html = '<div class="tiles" data-report="totals">' +
    '<div class="tile"><small>Impressions</small><b>' + t.imp.toLocaleString() + '</b>' + change(t.imp, p.imp) + '</div>' +
    '<div class="tile"><small>Clicks when seen</small><b>' + t.clk.toLocaleString() + '</b>' + change(t.clk, p.clk) + '</div>' +
    '<div class="tile"><small>Click-through</small><b>' + pct(t.ctr) + '</b>' + change(t.ctr, p.ctr, true) + '</div>' +
    '<div class="tile"><small>Result sets with no results</small><b>' + pct(t.empty) + '</b>' + change(t.empty, p.empty, true) + '</div></div>' +
    '<div class="exports" role="group" aria-label="Download as CSV"><span>Download CSV:</span>' +
    TABLES.map(([name, label]) => '<button type="button" data-table="' + name + '">' + label + '</button>').join('') + '</div>' +
    salesTiles(report.sales, report.previous?.sales);
  const currency = report.sales.currency;
  html += '<h2>Page speed (p75, by device)</h2><div class="grid2"><div class="panel"><div class="chart"><canvas id="vitals"></canvas></div>' +
    '<p class="note">75% of page views were at least this fast. Green: good; amber: needs work; red: poor (Google\\'s thresholds).</p></div>' +
    '<div class="panel"><table data-report="vitals"><tr><th>Device</th><th>Metric</th><th class="n">p75</th><th class="n">Views</th></tr>' +
    (report.vitals.length ? report.vitals.map((v) => '<tr><td>' + esc(v.deviceClass) + '</td><td>' + NAMES[v.metric] +
      '</td><td class="n ' + rate(v.metric, v.p75) + '">' + shown(v.metric, v.p75) + '</td><td class="n">' + v.samples + '</td></tr>').join('')
      : '<tr><td colspan="4" class="note">No page views measured</td></tr>') + '</table></div></div>';
  report.listings.forEach((l, i) => {
    const was = report.previous?.listings.find((x) => x.listing === l.listing);
    html += '<h2 data-report="listing">' + esc(l.listing) + '</h2><div class="tiles">' +
      '<div class="tile"><small>Impressions</small><b>' + l.impressions + '</b>' + change(l.impressions, was?.impressions) + '</div>' +
      '<div class="tile"><small>Clicks</small><b>' + l.clicks + '</b>' + change(l.clicks, was?.clicks) + '</div>' +
      '<div class="tile"><small>Click-through</small><b data-report="ctr">' + pct(l.ctr) + '</b>' + change(l.ctr, was?.ctr, true) + '</div>' +
      '<div class="tile"><small>No results</small><b data-report="empty">' + pct(l.emptyShare) + '</b><small>of ' + l.resultSets + ' result sets</small></div>' +
      listingSalesTiles(l, was, currency) + '</div>' +
      '<div class="grid2"><div class="panel"><h3>Click-through by position</h3><div class="chart"><canvas id="pos' + i + '"></canvas></div></div>' +
      '<div class="panel scroll"><h3>Most clicked when seen</h3><table data-report="most">' + head + productRows(l.mostClicked) + '</table>' +
      '<h3 style="margin-top:14px">Least clicked when seen</h3><table data-report="least">' + head + productRows(l.leastClicked) + '</table>' +
      '<p class="note">Only products seen at least ' + (report.minSample === 1 ? 'once' : report.minSample + ' times') + ' are ranked.</p>' +
      '<h3 style="margin-top:14px">Filters that came back empty</h3><table data-report="empty-filters"><tr><th>Filter</th>' +
      '<th class="n">Empty</th><th class="n">Shown</th></tr>' + filterRows(l.emptyFilters) + '</table></div></div>' +
      salesTables(l, currency);
  });
  if (!report.listings.length) html += '<p class="note">No impressions or result sets in this period.</p>';
  out.innerHTML = html;
  const devices = [...new Set(report.vitals.map((v) => v.deviceClass))];
  const timed = ['lcp_ms', 'inp_ms', 'ttfb_ms'];
  const colours = ['#2f6fed', '#8e5cd9', '#1b8a5a'];
  charts.push(new Chart($('#vitals'), { type: 'bar', data: { labels: timed.map((m) => NAMES[m]),
    datasets: devices.map((d, k) => ({ label: d, backgroundColor: colours[k % 3], data: timed.map((m) =>
      report.vitals.find((v) => v.deviceClass === d && v.metric === m)?.p75 ?? null) })) },
    options: { maintainAspectRatio: false, animation: false, scales: { y: { title: { display: true, text: 'ms' } } } } }));
  report.listings.forEach((l, i) => charts.push(new Chart($('#pos' + i), { data: { labels: l.byPosition.map((p) => '#' + p.position),
    datasets: [{ type: 'bar', label: 'Click-through', data: l.byPosition.map((p) => p.ctr * 100), backgroundColor: '#2f6fed', yAxisID: 'y' },
      { type: 'line', label: 'Impressions', data: l.byPosition.map((p) => p.impressions), borderColor: '#b7791f', backgroundColor: '#b7791f', yAxisID: 'y1' }] },
    options: { maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, title: { display: true, text: 'CTR %' } },
      y1: { beginAtZero: true, position: 'right', grid: { drawOnChartArea: false }, title: { display: true, text: 'Impressions' } } } } })));
  document.body.dataset.ready = 'true';
}
function query() {
  const form = new FormData($('form'));
  const q = new URLSearchParams({ shop_id: form.get('shop'), from: form.get('from'), to: form.get('to'), min_sample: form.get('min_sample') });
  return { q, auth: { authorization: 'Bearer ' + form.get('key') }, form };
}
async function download(table) {
  const { q, auth } = query();
  q.set('format', 'csv');
  q.set('table', table);
  const answer = await fetch('/analytics/v3/report?' + q, { headers: auth });
  if (!answer.ok) { $('#error').textContent = 'The table could not be downloaded (' + answer.status + ').'; return; }
  const name = /filename="([^"]+)"/.exec(answer.headers.get('content-disposition') || '')?.[1] || table + '.csv';
  const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(await answer.blob()), download: name });
  link.click();
  URL.revokeObjectURL(link.href);
}
async function load(event) {
  event?.preventDefault();
  const { q, auth, form } = query();
  q.set('compare', 'previous');
  history.replaceState(null, '', '?' + new URLSearchParams({ shop: form.get('shop'), from: form.get('from'), to: form.get('to'), min_sample: form.get('min_sample') }));
  $('#error').textContent = '';
  const answer = await fetch('/analytics/v3/report?' + q, { headers: auth });
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) { $('#error').textContent = body.error || 'The report could not be read (' + answer.status + ').'; return; }
  draw(body);
}
$('form').addEventListener('submit', load);
$('#report').addEventListener('click', (event) => { const table = event.target.closest?.('[data-table]')?.dataset.table; if (table) download(table); });
if ($('[name=shop]').value) load();
`;

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The report page; `query` may preset the shop, the period and the minimum sample (`?shop=maple&from=…&to=…&min_sample=30`). */
export function renderReportPage(query: URLSearchParams, now = Date.now()): string {
  const shop = esc(query.get('shop') ?? '');
  const from = esc(query.get('from') ?? day(now - 29 * 86_400_000));
  const to = esc(query.get('to') ?? day(now + 86_400_000));
  const minSample = esc(query.get('min_sample') ?? String(DEFAULT_MIN_SAMPLE));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Aisle · Listing report</title><style>${STYLE}</style><script src="/report/chart.umd.min.js"></script></head>
<body><header><h1>Listing report</h1><span>What shoppers saw, clicked and bought, and how fast the pages were</span></header><main>
<form><label>Shop<input name="shop" value="${shop}" required placeholder="maple"></label>
<label>From<input name="from" type="date" value="${from}" required></label>
<label>To (not included)<input name="to" type="date" value="${to}" required></label>
<label>Minimum sample (views)<input name="min_sample" type="number" min="1" step="1" value="${minSample}" required></label>
<label>Read key<input name="key" type="password" value="${DEV_ANALYTICS_ADMIN_KEY}" required></label>
<button type="submit">Show report</button></form><p id="error" class="error" role="alert"></p>
<div id="report"></div></main><script>${SCRIPT}${SALES_SCRIPT}</script></body></html>`;
}
