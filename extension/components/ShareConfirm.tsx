/**
 * The confirmation a shared preview link opens: what the link would set, in words, and two
 * buttons. Nothing is saved before "Preview this site"; a link that cannot be used says why.
 */
import { useState, type ReactElement } from 'react';
import type { Confirmation } from '../lib/shareApply.js';

/** The shared preview to confirm (or the link's problems) and what confirming does. */
export interface ShareConfirmProps {
  confirmation: Confirmation | null;
  linkErrors: string[];
  onApply(): Promise<void>;
  onCancel(): void;
}

/** The confirmation page's content. */
export function ShareConfirm({ confirmation, linkErrors, onApply, onCancel }: ShareConfirmProps): ReactElement {
  const [state, setState] = useState<'asking' | 'applying' | 'applied' | string>('asking');
  const errors = [...linkErrors, ...(confirmation?.errors ?? [])];
  if (errors.length > 0 || !confirmation)
    return (
      <main className="share" data-testid="share">
        <h1>This preview link cannot be used</h1>
        <ul className="error" data-testid="share-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
        <p>Nothing was changed.</p>
        <button type="button" onClick={onCancel}>
          Close
        </button>
      </main>
    );
  const apply = (): void => {
    setState('applying');
    onApply().then(
      () => setState('applied'),
      (error: unknown) => setState(`The preview could not be applied: ${String(error)}`),
    );
  };
  return (
    <main className="share" data-testid="share">
      <h1>Open a shared Aisle preview?</h1>
      <p>A colleague sent you a link to this preview. Check what it sets before you turn it on.</p>
      <dl data-testid="share-settings">
        {confirmation.lines.map((line) => (
          <div key={line.label} style={{ display: 'contents' }}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <ul>
        {confirmation.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      {state === 'applied' ? (
        <p role="status" data-testid="share-applied">
          The preview is on: the page reloads with it.
        </p>
      ) : (
        <p>
          <button type="button" className="primary" name="apply" onClick={apply} disabled={state === 'applying'}>
            Preview this site
          </button>
          <button type="button" name="cancel" onClick={onCancel}>
            Cancel
          </button>
        </p>
      )}
      {state !== 'asking' && state !== 'applying' && state !== 'applied' ? (
        <p className="error" role="alert">
          {state}
        </p>
      ) : null}
    </main>
  );
}
