/**
 * A small W3C WebDriver (classic, HTTP) client: the commands the WebKit adapter needs, nothing more.
 * https://www.w3.org/TR/webdriver2/
 */

/** The key under which WebDriver returns an element reference. */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** The longest a WebDriver command may take (navigation and async scripts included). */
const COMMAND_TIMEOUT_MS = 30_000;

/** An element reference as WebDriver sends it. */
export type ElementRef = { [ELEMENT_KEY]: string };

/** A WebDriver error, with the command that failed and the driver's error code and message. */
export class WebDriverError extends Error {
  constructor(
    readonly command: string,
    readonly code: string,
    message: string,
  ) {
    super(`${command}: ${code}: ${message}`);
  }
}

/** A WebDriver action source (keyboard or pointer) with its ticks. */
export type ActionSource =
  | { type: 'key'; id: string; actions: Array<{ type: 'keyDown' | 'keyUp'; value: string }> }
  | {
      type: 'pointer';
      id: string;
      parameters: { pointerType: 'mouse' | 'touch' };
      actions: Array<
        | { type: 'pointerMove'; x: number; y: number; origin?: 'viewport' | 'pointer' | ElementRef; duration?: number }
        | { type: 'pointerDown' | 'pointerUp'; button: number }
        | { type: 'pause'; duration: number }
      >;
    };

/** One WebDriver session on a driver at `endpoint` (e.g. `http://127.0.0.1:4444`). */
export class WebDriverSession {
  private constructor(
    private readonly endpoint: string,
    readonly id: string,
    readonly capabilities: Record<string, unknown>,
  ) {}

  /** Starts a session with the capabilities to always match. */
  static async start(endpoint: string, alwaysMatch: Record<string, unknown>): Promise<WebDriverSession> {
    const value = await send<{ sessionId: string; capabilities: Record<string, unknown> }>(
      endpoint,
      'POST',
      '/session',
      { capabilities: { alwaysMatch } },
    );
    return new WebDriverSession(endpoint, value.sessionId, value.capabilities);
  }

  /** Sends a command of this session (`path` after `/session/{id}`). */
  command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return send<T>(this.endpoint, method, `/session/${this.id}${path}`, body ?? (method === 'POST' ? {} : undefined));
  }

  navigate = (url: string) => this.command<null>('POST', '/url', { url });
  url = () => this.command<string>('GET', '/url');
  back = () => this.command<null>('POST', '/back');
  forward = () => this.command<null>('POST', '/forward');
  refresh = () => this.command<null>('POST', '/refresh');
  executeSync = <T>(script: string, args: unknown[]) => this.command<T>('POST', '/execute/sync', { script, args });
  executeAsync = <T>(script: string, args: unknown[]) => this.command<T>('POST', '/execute/async', { script, args });
  click = (element: ElementRef) => this.command<null>('POST', `/element/${element[ELEMENT_KEY]}/click`);
  sendKeys = (element: ElementRef, text: string) =>
    this.command<null>('POST', `/element/${element[ELEMENT_KEY]}/value`, { text });
  performActions = (actions: ActionSource[]) => this.command<null>('POST', '/actions', { actions });
  releaseActions = () => this.command<null>('DELETE', '/actions');
  setWindowRect = (rect: { width: number; height: number }) =>
    this.command<{ width: number; height: number }>('POST', '/window/rect', rect);
  screenshot = () => this.command<string>('GET', '/screenshot');
  setTimeouts = (timeouts: { script?: number; pageLoad?: number }) => this.command<null>('POST', '/timeouts', timeouts);
  deleteCookies = () => this.command<null>('DELETE', '/cookie');
  end = () => this.command<null>('DELETE', '');
}

async function send<T>(endpoint: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${endpoint}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
    // A command the driver never answers fails the journey with its name instead of the test's timeout.
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new WebDriverError(`${method} ${path}`, 'no answer', String(error));
  });
  const payload = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok)
    throw new WebDriverError(
      `${method} ${path}`,
      payload.value?.error ?? String(response.status),
      payload.value?.message ?? '',
    );
  return payload.value;
}
