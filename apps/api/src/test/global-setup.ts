import type { TestProject } from 'vitest/node';
import { startTestServer, type TestServer } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testServer: TestServer;
  }
}

/** vitest globalSetup of the api project: one server and one migrated template for the whole run. */
export default async function setup(project: TestProject) {
  const { server, stop } = await startTestServer();
  project.provide('testServer', server);
  return stop;
}
