// The load generator of `npm run bench`, in its own process: autocannon's own work (building requests,
// parsing answers, its histograms) must not share the event loop of the server it measures. (Not a
// worker thread: autocannon changes its behaviour inside one.) Reads its job from the first message and
// answers with the figures.
//
// A job is either one URL (optionally cycling through `paths`), or a `mix`: every `writeEvery`-th request
// is the next write of `writes` (method, path, body, headers; each used once when `once` is set, then
// the `fallback` writes take over), every other one the next read of `reads`.
import autocannon from 'autocannon';

function mixedRequests({ reads, writes, fallback = [], writeEvery }) {
  let n = 0;
  let read = 0;
  let write = 0;
  let spare = 0;
  const counts = { reads: 0, writes: 0, fallbackWrites: 0, failures: {}, kinds: {} };
  // Each request's time from being built (autocannon builds a connection's next request as it sends it)
  // to its answer, by kind (method and path with the ids and query left out), so that the mix's tail
  // can be told apart: which read or write makes it.
  const kindOf = (method, path) => `${method} ${path.split('?')[0].replace(/\/\d+/g, '/{id}')}`;
  const started = (context, method, path) => {
    context.sent = `${method} ${path}`;
    context.kind = kindOf(method, path);
    context.at = performance.now();
  };
  const setupRequest = (req, context) => {
    n++;
    if (n % writeEvery === 0) {
      const fresh = write < writes.length;
      const next = fresh ? writes[write++] : fallback[spare++ % fallback.length];
      counts[fresh ? 'writes' : 'fallbackWrites']++;
      started(context, next.method, next.path);
      return {
        ...req,
        method: next.method,
        path: next.path,
        body: next.body ? JSON.stringify(next.body) : undefined,
        headers: { ...req.headers, ...next.headers },
      };
    }
    counts.reads++;
    const next = reads[read++ % reads.length];
    started(context, 'GET', next.path);
    return {
      ...req,
      method: 'GET',
      path: next.path,
      body: undefined,
      headers: { ...req.headers, ...next.headers },
    };
  };
  // Which requests failed, with which status, and the first answer of each (printed by bench/run.ts).
  const onResponse = (status, body, context) => {
    counts.kinds[context.kind] = counts.kinds[context.kind] ?? [];
    counts.kinds[context.kind].push(performance.now() - context.at);
    if (status >= 200 && status < 300) return;
    const key = `${status} ${context.sent}`;
    const seen = counts.failures[key];
    if (seen) seen.count++;
    else counts.failures[key] = { count: 1, body: String(body).slice(0, 300) };
  };
  return { requests: [{ setupRequest, onResponse }], counts };
}

/** Per kind: how many, p50, p99 and max in ms. */
function latencyByKind(kinds) {
  const out = {};
  for (const [kind, times] of Object.entries(kinds)) {
    times.sort((a, b) => a - b);
    const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
    out[kind] = { count: times.length, p50: at(0.5), p99: at(0.99), max: Math.round(times.at(-1)) };
  }
  return out;
}

process.once('message', async ({ url, headers, paths, seconds, connections, mix }) => {
  let next = 0;
  let requests = paths && [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }];
  let counts;
  if (mix) ({ requests, counts } = mixedRequests(mix));
  const result = await autocannon({ url, connections, duration: seconds, headers, requests });
  process.send(
    {
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: Math.round(result.requests.average),
      errors: result.non2xx + result.errors,
      ...(counts ? { mix: { ...counts, kinds: latencyByKind(counts.kinds) } } : {}),
    },
    () => process.exit(0),
  );
});
