/**
 * Long reads of a SQLite file off the service's thread: better-sqlite3 blocks the thread it runs on,
 * so a report read on the main thread would hold every request (ingest, `/ping`) until it ended. A
 * worker thread keeps its own read-only connection; WAL lets it read while the main thread writes.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// Plain CommonJS so that the worker runs the same under tsx, Vitest and a build, with no loader.
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 2000');
parentPort.on('message', ({ id, queries, params }) => {
  try {
    parentPort.postMessage({ id, answers: queries.map((sql) => db.prepare(sql).all(params)) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});`;

interface Pending {
  resolve(answers: unknown[][]): void;
  reject(error: Error): void;
}

/** Runs batches of read queries on a worker thread's own connection to a database file. */
export interface SqliteReader {
  /** Each query's rows, run in order with the same named parameters. */
  all(queries: readonly string[], params: Record<string, unknown>): Promise<unknown[][]>;
  close(): Promise<void>;
}

/** A reader of the file at `path`; its worker starts on the first read and again after a crash. */
export function openSqliteReader(path: string): SqliteReader {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let next = 0;

  const start = (): Worker => {
    const started = new Worker(READER, { eval: true, workerData: { path, driver } });
    // A reader must never keep the process alive on its own.
    started.unref();
    started.on('message', (message: { id: number; answers?: unknown[][]; error?: string }) => {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.answers ?? []);
    });
    const fail = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the SQLite reader stopped (exit code ${code})`)));
    return started;
  };

  return {
    all(queries, params) {
      worker ??= start();
      const id = next++;
      const answer = new Promise<unknown[][]>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ id, queries: [...queries], params });
      return answer;
    },
    async close() {
      const running = worker;
      worker = undefined;
      if (running) await running.terminate();
    },
  };
}
