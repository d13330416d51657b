/**
 * What the toolbar icon, the popup and the page each say about a previewed tab, read the same way
 * in Chromium and Firefox, and the check that they agree. Also a local stack that can stop
 * answering: a proxy to the test's stack, closed mid-test.
 */
import { createServer, request } from 'node:http';
import { expect } from 'vitest';

/** The popup's leading word, its kind and its sentence. */
export interface PopupSays {
  kind: string;
  label: string;
  text: string;
}

/** The toolbar icon of a tab: its badge text and tooltip. */
export interface IconSays {
  text: string;
  title: string;
}

/** What the page shows: Aisle's grid cards and its similar products. */
export interface PageSays {
  grid: number;
  similar: number;
}

/** Runs in the popup page. */
export function readPopup(): PopupSays {
  const status = document.querySelector('[data-testid="status"]');
  const label = status?.querySelector('.status-label')?.textContent ?? '';
  const kind = document.querySelector<HTMLElement>('.status')?.dataset.kind ?? '';
  return { kind, label, text: (status?.textContent ?? '').slice(label.length).trim() };
}

/** Runs in an extension page: the icon of tab `tabId` (`action` in MV3, `browserAction` in MV2). */
export async function readIcon(tabId: number): Promise<IconSays> {
  type Action = {
    getBadgeText(d: { tabId: number }): Promise<string>;
    getTitle(d: { tabId: number }): Promise<string>;
  };
  const api =
    (globalThis as unknown as { browser?: Record<string, Action>; chrome?: Record<string, Action> }).browser ??
    (globalThis as unknown as { chrome: Record<string, Action> }).chrome;
  const action = api.action ?? api.browserAction!;
  return { text: await action.getBadgeText({ tabId }), title: await action.getTitle({ tabId }) };
}

/** Runs in the shop's page. */
export function readPage(): PageSays {
  return {
    grid: document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]').length,
    similar: document.querySelectorAll('[data-aisle="similar"] [data-aisle="product"]').length,
  };
}

const BADGE: Record<string, string> = { off: '', idle: '', 'stood-aside': '', failed: '!' };

/** True when `expectAgreement` would pass (for polling). */
export function agrees(kind: string, said: Said): boolean {
  try {
    expectAgreement(kind, said.popup, said.icon, said.page);
    return true;
  } catch {
    return false;
  }
}

/** Asserts that the three agree on `kind`, and that the popup's count is the grid's. */
export function expectAgreement(kind: string, popup: PopupSays, icon: IconSays, page: PageSays): void {
  expect(popup.kind, popup.text).toBe(kind);
  expect(icon.text, icon.title).toBe(BADGE[kind] ?? 'ON');
  expect(icon.title).toBe(`Aisle Preview — ${popup.label}: ${popup.text}`.slice(0, 300));
  if (kind === 'shown') {
    expect(popup.text).toContain(`${page.grid} products in the grid`);
    if (page.similar > 0) expect(popup.text).toContain(`${page.similar} similar products`);
    else expect(popup.text).not.toContain('similar');
  }
  if (kind === 'off' || kind === 'idle') expect(page.grid).toBe(0);
}

/** What the three say at one moment. */
export interface Said {
  popup: PopupSays;
  icon: IconSays;
  page: PageSays;
}

/**
 * Reads the three until they agree on `kind` (late parts such as the similar products under the
 * grid render after the listing), then checks them, so a failure says what each said.
 */
export async function waitForAgreement(kind: string, read: () => Promise<Said>): Promise<void> {
  let said = await read();
  const deadline = Date.now() + 20_000;
  while (!agrees(kind, said) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    said = await read();
  }
  expectAgreement(kind, said.popup, said.icon, said.page);
}

/** A local stack at its own address that forwards to `target` until it is stopped. */
export async function startStackProxy(target: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        path: req.url,
        method: req.method,
        // The stack's own address, as it writes it into answers, is the proxy's.
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
