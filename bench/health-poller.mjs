// Polls GET /api/health every 25 ms in its own process (so the load generator's event loop does not add to
// the latency it measures) until the parent sends 'stop'; answers with the latencies in ms.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let running = true;
const samples = [];
process.on('message', (message) => {
  if (message === 'stop') running = false;
});
const { port } = JSON.parse(process.argv[2]);
const once = () =>
  new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - t0, ok: res.statusCode === 200 }));
    });
    req.on('error', () => resolve({ ms: performance.now() - t0, ok: false }));
  });
while (running) {
  samples.push(await once());
  await new Promise((r) => setTimeout(r, 25));
}
agent.destroy();
process.send(samples, () => process.exit(0));
