/** A small listing screen as both the paint and the app draw it, for the hand-over's tests (not shipped). */

/** The screen's markup inside its `.aisle-mount` container. */
export function listingMarkup(desktop: boolean, options: { notice?: boolean } = {}): string {
  const filterButton = (label: string): string =>
    `<li><div class="aisle-filter-button-wrap"><button type="button" class="aisle-filter-button" data-aisle="filter-button"${
      desktop ? '' : ' aria-haspopup="dialog"'
    } aria-expanded="false"><span>${label}</span></button></div></li>`;
  const sort = desktop
    ? '<div class="aisle-dropdown"><span>Sort by</span><button type="button" class="aisle-dropdown__button" aria-haspopup="listbox" aria-expanded="false"><span>Featured</span></button></div>'
    : '<label class="aisle-sort__native"><span>Sort by</span><select><option value="featured">Featured</option><option value="price_asc">Price: low to high</option><option value="rating">Rating</option></select></label>';
  const card = (id: string, title: string): string =>
    `<li class="aisle-card" data-aisle="product" data-product-id="${id}">` +
    `<a class="aisle-card__link" href="/maple/p/${id}"><span class="aisle-card__title">${title}</span></a>` +
    `<div class="aisle-card__swatches" role="radiogroup" aria-label="Colours">` +
    `<button type="button" role="radio" class="aisle-swatch" aria-label="Red" aria-checked="true"></button>` +
    `<button type="button" role="radio" class="aisle-swatch" aria-label="Blue" aria-checked="false"></button>` +
    (desktop
      ? `<button type="button" role="radio" class="aisle-swatch" aria-label="Green" aria-checked="false"></button>`
      : '') +
    `</div><a class="aisle-card__more" href="/maple/p/${id}" tabindex="-1" aria-label="2 more colours">+2</a></li>`;
  return (
    '<div class="aisle-root">' +
    '<nav data-aisle="breadcrumbs"><ol><li><a href="/maple/">Home</a></li></ol></nav>' +
    '<h1 data-aisle="heading" tabindex="-1">Dresses</h1>' +
    '<div class="aisle-toolbar">' +
    (options.notice ? '<p class="aisle-count" role="status">Prices were updated</p>' : '') +
    '<div class="aisle-toolbar__filters">' +
    '<button type="button" data-aisle="all-filters" aria-haspopup="dialog" aria-expanded="false"><span aria-hidden="true"></span>All Filters</button>' +
    `<ul class="aisle-filter-buttons">${filterButton('Color')}${filterButton('Size')}</ul>` +
    '</div>' +
    `<div class="aisle-sort" data-aisle="sort">${sort}</div>` +
    '</div>' +
    `<ul class="aisle-grid" data-aisle="grid">${card('p1', 'Linen dress')}${card('p2', 'Wrap dress')}</ul>` +
    '</div>'
  );
}

/**
 * The app's screen for `listingMarkup`: its controls answer as the app's do, and say what they did
 * in `log` (a disclosure's press flips its `aria-expanded`, a swatch becomes the checked one).
 */
export function appListing(
  doc: Document,
  log: string[],
  desktop: boolean,
  options: { notice?: boolean } = {},
): HTMLElement {
  const next = doc.createElement('div');
  next.className = 'aisle-mount';
  next.innerHTML = listingMarkup(desktop, options);
  for (const button of next.querySelectorAll<HTMLElement>('[aria-expanded]'))
    button.addEventListener('click', () => {
      const name = button.getAttribute('data-aisle') ?? 'sort-list';
      const label = name === 'filter-button' ? ` ${button.textContent}` : '';
      const opened = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(opened));
      log.push(`${opened ? 'open' : 'close'} ${name}${label}`);
    });
  for (const swatch of next.querySelectorAll<HTMLElement>('[role="radio"]'))
    swatch.addEventListener('click', () => {
      for (const other of swatch.parentElement!.children) other.setAttribute('aria-checked', String(other === swatch));
      log.push(
        `swatch ${swatch.closest('[data-product-id]')!.getAttribute('data-product-id')} ${swatch.getAttribute('aria-label')}`,
      );
    });
  next
    .querySelector('select')
    ?.addEventListener('change', (event) => log.push(`sort ${(event.target as HTMLSelectElement).value}`));
  return next;
}
