/**
 * What a mounted Aisle has installed on the page, as cleanups to run at unmount, and the one way to
 * start a part that loads later (page adapters, analytics, integrations): load its chunk, start it
 * only if Aisle is still mounted, and keep its cleanup with the others. A chunk that lands after
 * unmount starts nothing, so it can leave no listener or timer behind.
 */
export class Lifetime {
  private readonly cleanups: Array<() => void> = [];
  private over = false;

  /** True once `end()` ran: Aisle was unmounted (or never got started). */
  get ended(): boolean {
    return this.over;
  }

  /** Keeps `cleanup` for the end; once ended, runs it at once so that nothing late can stay. */
  add(cleanup: () => void): void {
    if (this.over) cleanup();
    else this.cleanups.push(cleanup);
  }

  /**
   * Loads a chunk and starts it unless the lifetime ended meanwhile; the cleanup `start` returns is
   * kept. `fail` hears of a chunk that could not load or start (also after the end, for the log).
   */
  load<M>(load: () => Promise<M>, start: (module: M) => (() => void) | void, fail: (error: unknown) => void): void {
    load()
      .then((module) => {
        if (this.over) return;
        const cleanup = start(module);
        if (cleanup) this.add(cleanup);
      })
      .catch(fail);
  }

  /** Runs every cleanup, the last installed first; later calls do nothing. */
  end(): void {
    this.over = true;
    this.cleanups
      .splice(0)
      .reverse()
      .forEach((cleanup) => cleanup());
  }
}
