import { action, makeObservable, observable } from 'mobx';

/** Where keyboard focus should go after a change (see sdk/ui/dlp/FocusKeeper.tsx). */
export type FocusTarget =
  /** The screen's heading: after paging or an in-place move, the view is at the top. */
  | 'heading'
  /** After a filter change: All Filters, but only when focus fell to the page body. */
  | 'results';

/**
 * What a screen owes keyboard and screen-reader users after a change: one polite announcement, and
 * where focus goes. A sequence number makes the same request twice in a row still two requests.
 */
export class Cues {
  announcement: { text: string; seq: number } | null = null;
  focusRequest: { target: FocusTarget; seq: number } | null = null;

  constructor() {
    makeObservable(this, {
      announcement: observable.ref,
      focusRequest: observable.ref,
      say: action,
      requestFocus: action,
      focusHandled: action,
    });
  }

  /** Announces `text` politely, again even when it is the same. */
  say(text: string): void {
    this.announcement = { text, seq: (this.announcement?.seq ?? 0) + 1 };
  }

  requestFocus(target: FocusTarget): void {
    this.focusRequest = { target, seq: (this.focusRequest?.seq ?? 0) + 1 };
  }

  /** The focus request was carried out (or is moot). */
  focusHandled(): void {
    this.focusRequest = null;
  }
}
