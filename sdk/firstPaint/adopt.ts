/**
 * The first screen when the retailer's server already rendered it (sdk/serverRender): aisle.js
 * draws nothing, and hands the app the server's markup to adopt, with what the shopper did on it
 * meanwhile, as it would hand over its own first paint.
 */
import { localeOf, regionOf } from '../core/messages.js';
import { readRenderContext } from '../core/normalize.js';
import { responseOf } from '../stores/screens.js';
import { guardHistory } from '../host/history.js';
import { firstPaintHandle, type FirstPaint } from '../host/firstPaintHandover.js';
import { adoptableMarkup } from '../host/serverMarkup.js';
import { markServerFirstScreen } from '../host/marks.js';
import { paintAnalytics } from '../analytics/paintClicks.js';

/**
 * The server's markup in the page's main element as a first screen for the app to adopt, or null:
 * no usable context, no main element, no server markup, or markup drawn for another page (then the
 * page is drawn afresh over it).
 */
export function adoptServerMarkup(raw: unknown, win: Window & typeof globalThis): FirstPaint | null {
  const read = readRenderContext(raw);
  if (!read.ok) return null;
  const { context } = read;
  const main = win.document.querySelector(context.config.mainSelector ?? 'main');
  const markup = main ? adoptableMarkup(main, context, win) : null;
  if (!main || !markup) return null;
  const listing = {
    context,
    locale: localeOf(context),
    region: regionOf(context),
    data: { products: responseOf(context)?.products ?? [] },
  };
  // The server's markup is the page's own content too: withdrawn, it stays as it is.
  const handle = firstPaintHandle(
    context,
    main,
    markup.container,
    [...main.childNodes],
    guardHistory(win),
    paintAnalytics(listing, win),
  );
  markServerFirstScreen(win);
  return Object.assign(handle, { serverMarkup: { width: markup.width } });
}
