import { Worker } from 'node:worker_threads';
import type { GitProvider } from '@dd/domain';

/**
 * A delivery body this large is read off the event loop (docs/adr/0023-webhooks.md): decoding, parsing
 * and hashing 25 MB takes the main thread about 100 ms, time every other request would wait.
 */
export const OFF_THREAD_BYTES = 1024 * 1024;

// Plain CommonJS run with `eval`: no file to bundle or resolve, only node: built-ins. The worker keeps
// the decoded text between its two steps: first the repository's name, then the signature check.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHmac, timingSafeEqual } = require('node:crypto');
const text = Buffer.from(workerData.body.buffer, workerData.body.byteOffset, workerData.body.byteLength).toString('utf8');
let name = null;
try {
  const payload = JSON.parse(text);
  const owner = workerData.provider === 'github' ? payload && payload.repository : payload && payload.project;
  const value = owner && (workerData.provider === 'github' ? owner.full_name : owner.path_with_namespace);
  name = typeof value === 'string' ? value : null;
  parentPort.postMessage({ json: true, name });
} catch {
  parentPort.postMessage({ json: false, name: null });
}
parentPort.once('message', ({ secret, signature }) => {
  const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(text).digest('hex'));
  const given = Buffer.from(String(signature));
  parentPort.postMessage({ valid: given.length === expected.length && timingSafeEqual(given, expected) });
});
`;

type Step<T> = () => Promise<T>;

/**
 * Reads a large delivery in a worker thread: `read` answers whether the body is JSON and the repository
 * it names; `verify` (GitHub) checks X-Hub-Signature-256 with the secret there, in constant time.
 * `close` ends the worker; call it in every case.
 */
export function readOffThread(provider: GitProvider, body: Buffer) {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { provider, body } });
  const next = <T>(): Promise<T> =>
    new Promise((resolve, reject) => {
      const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
      worker.once('message', (message: T) => {
        worker.off('error', fail);
        resolve(message);
      });
      worker.once('error', fail);
    });
  const first = next<{ json: boolean; name: string | null }>();
  const read: Step<{ json: boolean; name: string | null }> = () => first;
  const verify = async (secret: string, signature: string) => {
    const answer = next<{ valid: boolean }>();
    worker.postMessage({ secret, signature });
    return (await answer).valid;
  };
  return { read, verify, close: () => void worker.terminate() };
}
