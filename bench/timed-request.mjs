// One HTTP request to the app with a Bearer token, timed from sending to its last byte; for the events
// bench's main thread (writes) and its reader thread (reads).
import http from 'node:http';

/** Resolves { status, ms, text }; a JSON:API `body` is sent as the request document. */
export function timedRequest({ agent, base, method = 'GET', url, token, body }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/vnd.api+json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, text }));
      },
    );
    req.on('error', (error) => reject(new Error(`${method} ${url}: ${error.message}`)));
    if (body) req.end(JSON.stringify(body));
    else req.end();
  });
}
