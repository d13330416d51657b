/**
 * Aisle's rules on the page: constructed sheets inside aisle.js (no request to wait for, and style-src,
 * which governs style elements, does not apply), else a stylesheet linked from beside aisle.js.
 */
import { LAYOUT_STYLESHEET } from './unstyled.js';

/** Longest wait for a linked stylesheet before rendering anyway (a blocked file must not block Aisle). */
const LINK_WAIT_MS = 3000;

type Installed =
  | { sheet: CSSStyleSheet; adopted: boolean; app?: CSSStyleSheet }
  | { link: HTMLLinkElement; file: string; page?: true }
  | undefined;

export class AisleStyles {
  private installed: Installed;

  /** `css`: the first screen's rules; `fileUrl`: the address of a file beside aisle.js. */
  constructor(
    private readonly doc: Document,
    private readonly css: string,
    private readonly fileUrl: (file: string) => string,
  ) {}

  /** Uses the `aisle.css` the page links already (the server render's), adding nothing; false if none. */
  usePageStylesheet(): boolean {
    const link = this.doc.querySelector<HTMLLinkElement>('link[rel="stylesheet"][data-aisle-css]');
    if (!link) return false;
    if (this.installed) this.remove();
    this.installed = { link, file: 'aisle.css', page: true };
    return true;
  }

  /** Parses the first screen's rules into a constructed sheet, not yet applied; false where there is none. */
  construct(): boolean {
    if (this.installed) return 'sheet' in this.installed;
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(this.css);
      this.installed = { sheet, adopted: false };
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Applies the constructed sheet (again: nothing more). The first paint does it as it rehearses the
   * screen, not before: each application makes the browser restyle the retailer's content.
   */
  adopt(): void {
    const installed = this.installed;
    if (!installed || !('sheet' in installed) || installed.adopted) return;
    this.doc.adoptedStyleSheets = [...this.doc.adoptedStyleSheets, installed.sheet];
    installed.adopted = true;
  }

  /**
   * Loads the first screen's fonts by measuring a word in each weight on a canvas: left alone, the
   * browser loads them while laying out the first frame, about a fifth of that frame on a phone.
   */
  loadFonts(): void {
    const stack = /--aisle-font: *([^;}]+)/.exec(this.css)?.[1];
    const canvas = this.doc.createElement('canvas').getContext('2d');
    if (!stack || !canvas) return;
    for (const weight of new Set(Array.from(this.css.matchAll(/font-weight: *(\d+)/g), (found) => found[1]))) {
      canvas.font = `${weight} 15px ${stack}`;
      canvas.measureText('Aisle');
    }
  }

  /** Installs the rules once for a mount, styled or `unstyled`, replacing the other mode's rules. */
  load(unstyled: boolean): Promise<void> {
    const file = unstyled ? LAYOUT_STYLESHEET : 'aisle.css';
    const installed = this.installed;
    if (installed && 'link' in installed && installed.file === file && installed.link.isConnected)
      return Promise.resolve();
    if (installed && ('sheet' in installed ? unstyled : installed.file !== file)) this.remove();
    if (!unstyled && this.construct()) {
      this.adopt();
      return Promise.resolve();
    }
    const link = this.doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = this.fileUrl(file);
    link.setAttribute('data-aisle-styles', '');
    this.installed = { link, file };
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, LINK_WAIT_MS);
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      link.addEventListener('load', done, { once: true });
      link.addEventListener('error', done, { once: true });
      this.doc.head.appendChild(link);
    });
  }

  /** Adds the app's own rules as a second sheet; a linked aisle.css holds them already. */
  adoptApp(css: string): void {
    const installed = this.installed;
    if (!installed || !('sheet' in installed) || installed.app) return;
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      this.doc.adoptedStyleSheets = [...this.doc.adoptedStyleSheets, sheet];
      installed.app = sheet;
    } catch {
      /* the listing stays usable without them, if plainer */
    }
  }

  remove(): void {
    const installed = this.installed;
    if (installed && 'sheet' in installed) {
      const { sheet, app } = installed;
      this.doc.adoptedStyleSheets = this.doc.adoptedStyleSheets.filter((s) => s !== sheet && s !== app);
    } else if (installed && !installed.page) installed.link.remove();
    this.installed = undefined;
  }
}
