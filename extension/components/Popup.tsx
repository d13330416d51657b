/** The popup: turn the preview on for this site and choose what it shows. */
import { observer } from 'mobx-react-lite';
import { Component, type ErrorInfo, type ReactElement, type ReactNode } from 'react';
import { originOf, type PopupStore } from '../lib/PopupStore.js';
import { PageSettings } from './PopupPageSettings.js';
import { Status } from './PopupStatus.js';
import { Share } from './PopupShare.js';
import { TenantImport } from './PopupTenantImport.js';
import { TenantSettings } from './PopupTenantSettings.js';

/** The popup view. */
export const Popup = observer(function Popup({ store }: { store: PopupStore }): ReactElement {
  const { site, origin } = store;
  if (!store.loaded) return <p className="popup">Loading…</p>;
  return (
    <main className="popup">
      <header className="band">
        <h1>Aisle Preview</h1>
        <span className={`pill ${site.enabled && origin ? 'pill-on' : 'pill-off'}`}>
          {site.enabled && origin ? 'ON' : 'OFF'}
        </span>
      </header>
      <p className="host ellipsis" title={origin ?? undefined}>
        {origin ?? 'This page cannot be previewed'}
      </p>
      {origin ? (
        <label className="toggle">
          <input
            type="checkbox"
            name="enabled"
            checked={site.enabled}
            onChange={(e) => void store.update({ enabled: e.target.checked })}
          />
          <span className="ellipsis" title={`Preview Aisle on ${origin}`}>
            Preview Aisle on {origin}
          </span>
        </label>
      ) : null}
      <Status store={store} />
      {origin ? (
        <>
          <TenantSettings store={store} />
          <PageSettings store={store} />
          <TenantImport store={store} />
          <Share store={store} />
        </>
      ) : null}
    </main>
  );
});

/** What the fallback needs to turn the preview off without the broken view. */
export interface PopupFallbackProps {
  tab: { id: number; url: string } | null;
  turnOff(tab: { id: number; url: string }): Promise<boolean>;
  children?: ReactNode;
}

interface FallbackState {
  error: Error | null;
  turnedOff: boolean;
}

/**
 * Whatever breaks in the popup (a page address or a stored value nobody foresaw), the user can
 * still turn the preview off for the tab's site: the popup is their only switch.
 */
export class PopupErrorBoundary extends Component<PopupFallbackProps, FallbackState> {
  override state: FallbackState = { error: null, turnedOff: false };

  static getDerivedStateFromError(error: unknown): Partial<FallbackState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[Aisle Preview] the popup failed:', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error, turnedOff } = this.state;
    if (!error) return this.props.children;
    const { tab } = this.props;
    const origin = tab ? originOf(tab.url) : null;
    return (
      <main className="popup" data-testid="popup-fallback">
        <header className="band">
          <h1>Aisle Preview</h1>
        </header>
        <section className="status status-failed" data-kind="failed">
          <p role="alert">
            <strong className="status-label">Popup error</strong> The popup could not show this page&apos;s settings (
            {error.message.slice(0, 200)}).
          </p>
          {origin && tab ? (
            <div className="actions">
              <button
                type="button"
                name="turnOff"
                disabled={turnedOff}
                onClick={() => void this.props.turnOff(tab).then((done) => this.setState({ turnedOff: done }))}
              >
                {turnedOff ? 'Preview turned off' : 'Turn preview off'}
              </button>
            </div>
          ) : null}
          {origin ? (
            <p className="host ellipsis" title={origin}>
              for {origin}
            </p>
          ) : null}
        </section>
      </main>
    );
  }
}
