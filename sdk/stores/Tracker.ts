import type { Conversion, ConversionKind } from '../core/conversion.js';
import type { Product } from '../core/types.js';

/** What the listing reports for analytics; the session, loaded after the first render, turns intents into events. */
export type TrackIntent =
  | { kind: 'visit'; routeName: string; url: string; redirectedFrom: string | null }
  | { kind: 'filter'; change: 'add' | 'remove'; key: string; value: string | [number, number] }
  | { kind: 'sort'; sort: string }
  | {
      kind: 'results';
      filtersAppliedCount: number;
      latencyMs: number;
      pageNumber: number;
      pageSize: number;
      resultCount: number;
      query: string;
      products: Product[];
    }
  | {
      kind: 'product-click';
      listName: 'search_results' | 'similar_products';
      position: number;
      product: Product;
      variantId: string | null;
    }
  | { kind: 'conversion'; event: ConversionKind; conversion: Conversion };

/** Where intents go once analytics is running: resolves true when the service acknowledged. */
export type TrackSink = (intent: TrackIntent) => Promise<boolean>;

/** Beyond this, the oldest buffered intents are dropped (and counted). */
const BUFFER_CAP = 200;

/** Buffers intents until a sink is attached, then forwards them; without analytics, drops them. */
export class Tracker {
  private sink: TrackSink | null = null;
  private disabled = false;
  private buffer: Array<{ intent: TrackIntent; settle: (delivered: boolean) => void }> = [];
  private readonly observers = new Set<(intent: TrackIntent) => void>();
  /** Intents dropped because the buffer was full. */
  dropped = 0;

  /** Intents waiting for the next paint, in order (see `later`). */
  private waiting: Array<() => void> = [];

  /**
   * `later` runs work once the frame being prepared has been painted: intents (and what observers
   * do with them) then cost nothing in the frame that answers the shopper's click. Without it, every
   * intent is forwarded at once.
   */
  constructor(private readonly later?: (run: () => void) => void) {}

  /** Resolves true once the service acknowledged `intent`; never rejects. */
  track(intent: TrackIntent): Promise<boolean> {
    // A product click or conversion goes at once (the page may navigate next), after what came before it.
    if (intent.kind === 'product-click' || intent.kind === 'conversion' || !this.later) {
      this.forwardWaiting();
      return this.forward(intent);
    }
    const later = this.later;
    return new Promise((settle) => {
      this.waiting.push(() => void this.forward(intent).then(settle));
      if (this.waiting.length === 1) later(() => this.forwardWaiting());
    });
  }

  private forwardWaiting(): void {
    for (const run of this.waiting.splice(0)) run();
  }

  private forward(intent: TrackIntent): Promise<boolean> {
    // Observers (sdk/integrations) see intents whether or not analytics runs; their failures stay theirs.
    this.observers.forEach((observer) => {
      try {
        observer(intent);
      } catch {
        /* an integration's failure must not reach the listing or the analytics session */
      }
    });
    if (this.disabled) return Promise.resolve(false);
    if (this.sink) return this.sink(intent).catch(() => false);
    return new Promise((settle) => {
      this.buffer.push({ intent, settle });
      if (this.buffer.length > BUFFER_CAP) {
        this.buffer.shift()!.settle(false);
        this.dropped++;
      }
    });
  }

  /** Forwards the buffered intents in order, then every new one. */
  attach(sink: TrackSink): void {
    this.sink = sink;
    for (const { intent, settle } of this.buffer.splice(0)) sink(intent).then(settle, () => settle(false));
  }

  /** Shows later intents to `observer` too (not buffered); returns the cleanup. */
  observe(observer: (intent: TrackIntent) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** No analytics on this page (no service configured, or unmounted): settle and drop everything. */
  disable(): void {
    this.disabled = true;
    this.sink = null;
    for (const { settle } of this.buffer.splice(0)) settle(false);
  }
}
