// The load generator of `npm run bench`, in its own process: autocannon's own work (building requests,
// parsing answers, its histograms) must not share the event loop of the server it measures. (Not a
// worker thread: autocannon changes its behaviour inside one.) Reads its job from the first message and
// answers with the figures.
import autocannon from 'autocannon';

process.once('message', async ({ url, headers, paths, seconds, connections }) => {
  let next = 0;
  const requests = paths && [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }];
  const result = await autocannon({ url, connections, duration: seconds, headers, requests });
  process.send(
    {
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: Math.round(result.requests.average),
      errors: result.non2xx + result.errors,
    },
    () => process.exit(0),
  );
});
