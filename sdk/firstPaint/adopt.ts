/** When the server already rendered the first screen, aisle.js hands its markup to the app to adopt. */
import { localeOf, regionOf } from '../core/messages.js';
import { readRenderContext } from '../core/normalize.js';
import { responseOf } from '../stores/screens.js';
import { guardHistory } from '../host/history.js';
import { firstPaintHandle, type FirstPaint } from '../host/firstPaintHandover.js';
import { adoptableMarkup } from '../host/serverMarkup.js';
import { markServerFirstScreen } from '../host/marks.js';
import { paintAnalytics } from '../analytics/paintClicks.js';

/** The server's markup as a first screen to adopt, or null (markup for another page is drawn over afresh). */
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
