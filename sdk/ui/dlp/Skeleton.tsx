import { observer } from 'mobx-react-lite';
import type { CSSProperties } from 'react';
import { useStores } from '../StoreContext.js';

/** Placeholder cards: two rows on a wide screen, three on a phone, so the first screen is full. */
const CARDS = 10;

/** `className` is the real text's class, so the line is exactly as tall as what replaces it. */
function Line({ className, width, lines = 1 }: { className: string; width: string; lines?: number }) {
  const style: CSSProperties = { width, ...(lines > 1 ? { minHeight: `${lines * 1.3}em` } : {}) };
  return (
    <div className={`${className} aisle-skeleton__text`} style={style}>
      {'\u00a0'}
    </div>
  );
}

/** The listing while the first search runs, block for block from the same classes, so nothing jumps. */
export const Skeleton = observer(function Skeleton({ label }: { label: string }) {
  const { viewport } = useStores();
  return (
    <div className="aisle-skeleton" role="status" aria-label={label}>
      <div aria-hidden="true">
        <div className="aisle-breadcrumbs aisle-breadcrumbs--top">
          <Line className="aisle-skeleton__crumbs" width="16em" />
        </div>
        {/* On a phone the real heading is visually hidden, so it takes no room there either. */}
        {viewport.kind === 'mobile' ? null : <Line className="aisle-h1" width="min(60%, 14em)" />}
        <div className="aisle-toolbar">
          <Line className="aisle-count" width="7em" />
          <div className="aisle-toolbar__filters">
            {['8em', '5em', '5.5em', '5em', '4.5em'].map((width, i) => (
              <span key={i} className="aisle-skeleton__pill" style={{ width }} />
            ))}
          </div>
          <div className="aisle-sort">
            <span className="aisle-skeleton__pill aisle-skeleton__pill--sort" />
          </div>
        </div>
        <div className="aisle-grid">
          {Array.from({ length: CARDS }, (_, i) => (
            <div key={i} className="aisle-card">
              <span className="aisle-card__media aisle-skeleton__card" />
              <Line className="aisle-card__brand" width="40%" />
              <Line className="aisle-card__title" width="90%" lines={2} />
              <Line className="aisle-card__price" width="30%" />
              <Line className="aisle-card__rating" width="45%" />
              <span className="aisle-skeleton__swatches" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
});
