/** The All Filters drawer, a modal dialog loaded on demand. */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import { usePartClass, useStores } from '../StoreContext.js';
import { SelectedChips } from './Chips.js';
import { FilterAccordion } from './FilterAccordion.js';
import { DRAWER_ID } from '../../views/ids.js';
import { resultsFocusTarget } from './resultsFocus.js';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

// The controls Tab can reach inside `root`, in document order (closed accordion panels excluded).
function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden]'));
}

const Drawer = observer(function Drawer() {
  const { drawer } = useStores();
  return drawer.visible ? <DrawerDialog /> : null;
});

export default Drawer;

const DrawerDialog = observer(function DrawerDialog() {
  const { dlp, drawer, viewport, messages: m } = useStores();
  const cx = usePartClass();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // Set by "See N Results": focus then goes to the results instead of back to the opener.
  const toResults = useRef(false);
  const open = drawer.open;

  // While open: the page behind stays put, focus is held inside; on close both are given back.
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement;
    toResults.current = false;
    // The Aisle root the drawer sits in (a shadow root, or the host document, when mounted without one).
    const scope: ParentNode | null = panel.current?.closest('.aisle-root') ?? null;
    const body = document.body;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';
    title.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        drawer.close();
      } else if (event.key === 'Tab' && panel.current) {
        trapTab(event, panel.current);
      }
    };
    // A click on plain text or a screen reader's cursor can still move focus out: bring it back.
    const onFocusIn = (event: FocusEvent) => {
      if (panel.current && !panel.current.contains(event.target as Node)) title.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      body.style.overflow = overflow;
      const results = toResults.current && scope ? resultsFocusTarget(scope, viewport.kind === 'mobile') : null;
      // Moving to the results scrolls them into view: that is where the shopper asked to go.
      if (results) results.focus();
      else if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open, drawer]);

  const close = () => drawer.close();
  const className = [
    'aisle-drawer',
    viewport.kind === 'desktop' ? 'aisle-drawer--desktop' : 'aisle-drawer--full',
    drawer.contentReady ? 'aisle-drawer--ready' : '',
  ]
    .join(' ')
    .trim();
  return (
    <div className="aisle-drawer-layer">
      <div
        ref={panel}
        id={DRAWER_ID}
        className={cx('drawer', className)}
        data-aisle="drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="aisle-drawer__header">
          <h2 id={titleId} ref={title} className="aisle-drawer__title" tabIndex={-1}>
            {m.allFilters}
          </h2>
          <button type="button" className={cx('button', 'aisle-drawer__close')} aria-label={m.close} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="aisle-drawer__body">
          <SelectedChips />
          <FilterAccordion />
        </div>
        <div className="aisle-drawer__footer">
          <button
            type="button"
            className={cx('button', 'aisle-drawer__results')}
            onClick={() => {
              toResults.current = true;
              close();
            }}
          >
            {m.seeResults(dlp.data?.payload.filtered ?? 0)}
          </button>
        </div>
      </div>
      {/* Pointer users close by clicking beside the drawer; keyboard users have Escape and the close button. */}
      <div className="aisle-drawer__backdrop" aria-hidden="true" onClick={close} />
    </div>
  );
});

// Tab from the last control wraps to the first; Shift+Tab from the first, or from the title (focusable
// only by script, so the browser would leave the dialog), wraps to the last.
function trapTab(event: KeyboardEvent, root: HTMLElement): void {
  const stops = tabStops(root);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const index = stops.indexOf(active as HTMLElement);
  let target: HTMLElement | null = null;
  if (event.shiftKey) target = index <= 0 ? last : null;
  else if (index === stops.length - 1 || !root.contains(active)) target = first;
  if (target) {
    event.preventDefault();
    target.focus();
  }
}
