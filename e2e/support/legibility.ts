/**
 * The inspector at real sizes, the same in Chromium and Firefox: a tab fed with events whose `seq`
 * has 8 digits (as a long-lived outbox reaches) and the measurements that say whether the table
 * stays legible: no cell paints over its neighbour, the health line says the worst unresolved state.
 */

/** Runs in an extension page opened as a tab: reports one page load of events as that tab. */
export async function feedLongSequences(): Promise<number> {
  type Api = {
    runtime: { sendMessage(message: unknown): Promise<unknown> };
    tabs: { getCurrent(): Promise<{ id?: number }> };
  };
  const api = (globalThis as unknown as { browser?: Api }).browser ?? (globalThis as unknown as { chrome: Api }).chrome;
  let id = 0;
  const send = (kind: string, raw: unknown) =>
    api.runtime.sendMessage({
      id: ++id,
      type: 'pageMessage',
      data: { loadId: 'long-lived', url: 'https://shop.example/maple/dresses', kind, raw },
      timestamp: Date.now(),
    });
  const names = ['ecommerce:product_impressions', 'navigate:visit_page', 'search:display_results', 'search:sort'];
  const events = Array.from({ length: 12 }, (_, i) => {
    const seq = 99_999_980 + i;
    return {
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      event: names[i % names.length],
      seq,
      state: i % 3 === 0 ? 'retry_scheduled' : 'acknowledged',
      attempts: i % 3 === 0 ? 12 : 1,
      httpStatus: i % 3 === 0 ? 503 : 202,
      reason: i % 3 === 0 ? 'HTTP 503' : null,
      nextAttemptAt: i % 3 === 0 ? Date.now() + 600_000 : null,
      payload: null,
    };
  });
  await send('snapshot', { analytics: { status: 'ready', visitorId: 'v1', tokenExp: null, events } });
  return (await api.tabs.getCurrent()).id!;
}

/** Runs in the inspector: the rows whose seq cell is cut or reaches into the event name's cell. */
export function overlappingSequences(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-testid="event"]')).flatMap((row) => {
    const seq = row.querySelector<HTMLElement>('td.seq');
    const name = row.querySelector<HTMLElement>('td.name');
    if (!seq || !name) return [`${row.dataset.id}: no seq or name cell`];
    const cut = seq.scrollWidth > seq.clientWidth;
    // The digits themselves, not the cell's box: a range around the text measures what is painted.
    const range = document.createRange();
    range.selectNodeContents(seq);
    const digitsEnd = range.getBoundingClientRect().right;
    const over = digitsEnd > name.getBoundingClientRect().left;
    return cut || over ? [`${seq.textContent} (cut: ${cut}, over the name: ${over})`] : [];
  });
}
