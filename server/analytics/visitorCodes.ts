/**
 * `GET /v3/visitor-codes/{code}?shop_id=…`: the code is a hash of shop and visitor id (sdk/core/visitorCode.ts),
 * so it is found among the visitors of the shop's latest events. A read key may ask, as it may list those events.
 */
import { normaliseVisitorCode, visitorCode } from '../../sdk/core/visitorCode.js';
import { allowShop, orBadRequest, requireKey, type Route } from './context.js';
import { MAX_LISTED_EVENTS } from './events.js';
import { HttpError } from './http.js';
import { checkShopId } from './validate.js';

/** How many of the shop's latest stored events a code is looked for in: the shopper on the phone is sending now. */
export const CODE_SEARCH_EVENTS = MAX_LISTED_EVENTS;

/** One visitor a code names, and when the service last stored one of their events. */
export interface CodedVisitor {
  visitor_id: string;
  last_received_at: string;
}

/** `GET /v3/visitor-codes/{code}?shop_id=…` → 200 `{shop_id, code, visitors}` (newest first), 404 when none has it. */
export const findVisitorByCode: Route = async (ctx) => {
  const holder = await requireKey(ctx, ['read']);
  const shopId = orBadRequest(checkShopId(ctx.url.searchParams.get('shop_id') ?? undefined));
  if (holder.role !== 'admin' && holder.shopId !== shopId)
    throw new HttpError(403, `this read key reads shop ${holder.shopId} only`);
  await allowShop(ctx, shopId);
  let typed: string;
  try {
    typed = decodeURIComponent(ctx.path.split('/')[3] ?? '');
  } catch {
    throw new HttpError(400, 'the code in the path is not valid percent-encoding');
  }
  const code = normaliseVisitorCode(typed);
  if (!code) throw new HttpError(400, 'a visitor code is 6 of the characters 2-9 and A-Z without I, L and O');
  const events = await ctx.store.list({ shopId, limit: CODE_SEARCH_EVENTS });
  const latest = new Map<string, string>();
  for (const event of events) if (event.visitor_id !== null) latest.set(event.visitor_id, event.received_at);
  const visitors: CodedVisitor[] = [...latest]
    .filter(([visitor]) => visitorCode(shopId, visitor) === code)
    .map(([visitor_id, last_received_at]) => ({ visitor_id, last_received_at }))
    .sort((a, b) => b.last_received_at.localeCompare(a.last_received_at));
  if (visitors.length === 0)
    throw new HttpError(
      404,
      `no visitor of shop ${shopId} with code ${code} among its latest ${CODE_SEARCH_EVENTS} stored events`,
    );
  return { status: 200, body: { shop_id: shopId, code, visitors } };
};
