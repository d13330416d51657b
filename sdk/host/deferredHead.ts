// Apart from pageAdapters.ts so that the first render carries this small class, not the adapters.
import type { HeadManager, HeadTags } from './head.js';

/** A head manager that holds the newest tags until the real one has loaded. */
export class DeferredHead implements HeadManager {
  private manager: HeadManager | null = null;
  private pending: HeadTags | null = null;

  set(tags: HeadTags): void {
    if (this.manager) this.manager.set(tags);
    else this.pending = tags;
  }

  restore(): void {
    this.manager?.restore();
    this.pending = null;
  }

  /** Hands over to the loaded manager, applying tags that arrived in the meantime. */
  attach(manager: HeadManager): void {
    this.manager = manager;
    if (this.pending) manager.set(this.pending);
    this.pending = null;
  }
}
