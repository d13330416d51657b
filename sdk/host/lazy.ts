/**
 * A mount's cleanups, and the one way to start a lazily loaded part: a chunk that lands after
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

  /** Loads a chunk and starts it unless ended meanwhile; `fail` hears of failures, even after the end. */
  load<M>(load: () => Promise<M>, start: (module: M) => (() => void) | void, fail: (error: unknown) => void): void {
    load()
      .then((module) => {
        if (this.over) return;
        const cleanup = start(module);
        if (cleanup) this.add(cleanup);
      })
      .catch(fail);
  }

  /** Last installed first; later calls do nothing. */
  end(): void {
    this.over = true;
    this.cleanups
      .splice(0)
      .reverse()
      .forEach((cleanup) => cleanup());
  }
}
