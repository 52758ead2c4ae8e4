// The open event streams of `npm run bench:chat`, in a worker thread: every post fans out to hundreds of
// streams, and when the timed requests' thread also read those frames, a post's answer sat unread in its
// socket behind them (the events bench times its reads on a thread of their own for the same reason,
// bench/events-reader.mjs). The streams still cost the server what they cost; only the reading moves.
// workerData: { base, tokens }. Messages out: { open: n } once every stream answered 200, or { error }.
// Message in: 'close' (the worker ends every stream and exits).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { base, tokens } = workerData;
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const requests = [];
let frames = 0;
try {
  await Promise.all(
    tokens.map(
      (token) =>
        new Promise((resolve, reject) => {
          const req = http.get(
            `${base}/api/events`,
            { agent, headers: { authorization: `Bearer ${token}` } },
            (res) => {
              if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
              res.on('data', () => {
                frames++;
              });
              resolve();
            },
          );
          req.on('error', reject);
          requests.push(req);
        }),
    ),
  );
  parentPort.postMessage({ open: requests.length });
} catch (error) {
  parentPort.postMessage({ error: error.message });
}
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  for (const req of requests) req.destroy();
  parentPort.postMessage({ closed: true, frames });
  parentPort.close();
});
