/**
 * The page's conversions (`Aisle.track`), checked where the page calls. Only this small queue lives
 * in aisle.js, so a call made before the app arrives waits here, in order.
 */
import type { AisleTrackResult } from '../contract.js';
import { checkConversion, isConversionKind, type Conversion, type ConversionKind } from '../core/conversion.js';

/** A checked conversion, as the app's tracker takes it. */
export interface PageConversion {
  kind: ConversionKind;
  conversion: Conversion;
}

/** Conversions kept while no app is mounted; beyond this the oldest are dropped (a page that never mounts). */
const WAITING_CAP = 50;

/** Conversions the page reported, held until an app takes them, then handed over as they come. */
export class ConversionQueue {
  private waiting: PageConversion[] = [];
  private sink: ((conversion: PageConversion) => void) | null = null;

  /** Checks and queues one conversion; says why it was refused (nothing is thrown into the page). */
  track(event: unknown, data: unknown): AisleTrackResult {
    if (!isConversionKind(event)) return { ok: false, error: 'event must be add_to_cart or purchase' };
    const checked = checkConversion(event, data);
    if (!checked.ok) return checked;
    const conversion = { kind: event, conversion: checked.value };
    if (this.sink) this.sink(conversion);
    else if (this.waiting.push(conversion) > WAITING_CAP) this.waiting.shift();
    return { ok: true };
  }

  /** Hands every waiting conversion, then each new one, to `sink` (the mounted app); returns what stops it. */
  subscribe(sink: (conversion: PageConversion) => void): () => void {
    this.sink = sink;
    for (const conversion of this.waiting.splice(0)) sink(conversion);
    return () => {
      if (this.sink === sink) this.sink = null;
    };
  }
}

/** What the app reads of the queue (its mount takes the conversions until it unmounts). */
export type ConversionSource = Pick<ConversionQueue, 'subscribe'>;
