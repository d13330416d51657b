import { action, makeObservable, observable } from 'mobx';

/** Where keyboard focus should go after a change (see sdk/ui/dlp/FocusKeeper.tsx). */
export type FocusTarget =
  /** The screen's heading: after paging or an in-place move, the view is at the top. */
  | 'heading'
  /** After a filter change: All Filters, but only when focus fell to the page body. */
  | 'results';

/**
 * What a screen owes keyboard and screen-reader users after a change: one polite announcement of
 * the new results, and where focus goes when the control they used disappears or the view moves
 * away. Each request carries a sequence number, so that the same words or target twice in a row are
 * still two requests.
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

  /** Announces `text` politely (the same text again is announced again). */
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
