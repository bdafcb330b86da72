// Webhooks out (issue 78 item 1): an endpoint server the tests start, which verifies every delivery with the
// `standardwebhooks` library (the Standard Webhooks specification's reference implementation, a devDependency of
// web/package.json) and keeps what arrived, per path.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../support/server.mjs';

const { Webhook } = createRequire(join(ROOT, 'web', 'package.json'))('standardwebhooks');
export { Webhook };

// answer({path, id, n, body}) -> status (n: how many times this webhook-id reached this path, this one included).
export async function endpointServer(answer = () => 200) {
  const received = [];
  const seen = new Map();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = req.headers['webhook-id'];
      const key = `${req.url} ${id}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      const status = endpoint.answer({ path: req.url, id, n, body });
      received.push({ path: req.url, id, n, body, headers: { ...req.headers }, status });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : `busy <${status}>`);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = {
    answer,
    received,
    url: (path) => `http://127.0.0.1:${server.address().port}${path}`,
    // What reached `path` and was answered 2xx, verified with each secret given (any one may sign: a rotation).
    delivered(path) {
      return received.filter((r) => r.path === path && r.status < 300);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
  return endpoint;
}

// The event of a delivery when one of `secrets` verifies it; throws (WebhookVerificationError) otherwise.
export function verified(delivery, secrets) {
  let last;
  for (const secret of secrets) {
    try {
      return new Webhook(secret).verify(delivery.body, delivery.headers);
    } catch (e) {
      last = e;
    }
  }
  throw last;
}

// Awaits `read` every 200 ms until `ok` holds of its answer; fails after `ms`, with the last answer.
export async function eventually(read, ok, ms, what) {
  const end = Date.now() + ms;
  let value;
  while (Date.now() < end) {
    value = await read();
    if (ok(value)) return value;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
}
