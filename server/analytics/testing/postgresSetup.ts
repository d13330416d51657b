/** Vitest global set-up of the PostgreSQL project: one throwaway server for every analytics test file. */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgresCluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** Starts the server before the files run and stops it after them. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
