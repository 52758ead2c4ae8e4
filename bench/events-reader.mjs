// The reads of `npm run bench:events` (GET /api/task/:id, 4 at a time), in a worker thread: the main
// thread parses 500 event streams during the burst, and a read timed there waited for that parsing too
// (its answer sat unread in the socket). Here each read is timed on an event loop of its own.
// Messages in: { phase: 'rest', ms } (the reference, no writes) | { phase: 'start' } | { phase: 'stop' }.
// Messages out: { phase: 'rest', times } | { phase: 'burst', times, errors }.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { timedRequest } from './timed-request.mjs';

const { base, token, taskIds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

const read = (id) => timedRequest({ agent, base, url: `/api/task/${id}`, token });

let reading = false;
async function loops(until, times, errors) {
  await Promise.all(
    Array.from({ length: 4 }, async (_, k) => {
      for (let i = k; until(); i += 4) {
        const res = await read(taskIds[i % taskIds.length]);
        if (res.status === 200) times.push(res.ms);
        else errors.push(`${res.status}: ${res.text.slice(0, 200)}`);
      }
    }),
  );
}

let burst = null;
parentPort.on('message', async (message) => {
  if (message.phase === 'rest') {
    const times = [];
    const end = Date.now() + message.ms;
    await loops(() => Date.now() < end, times, []);
    parentPort.postMessage({ phase: 'rest', times });
  } else if (message.phase === 'start') {
    reading = true;
    const times = [];
    const errors = [];
    burst = loops(() => reading, times, errors).then(() => ({ times, errors }));
  } else if (message.phase === 'stop') {
    reading = false;
    const { times, errors } = await burst;
    parentPort.postMessage({ phase: 'burst', times, errors });
  }
});
