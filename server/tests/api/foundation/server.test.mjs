// The server itself: operations endpoints, the error shape, routing, limits,
// keep-alive and pipelining, CORS, and graceful shutdown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startPortal, backend, expectError } from '../support/server.mjs';

let server;
let api;
before(async () => {
  server = await startPortal();
  api = backend(server);
});
after(async () => server && (await server.stop()));

test('healthz, readyz and metrics answer', async () => {
  const health = await fetch(`${server.base}/healthz`);
  assert.equal(health.status, 200);
  const healthy = await health.json();
  assert.equal(healthy.status, 'ok');
  assert.match(healthy.version, /^\d+\.\d+\.\d+/, 'and which build answers (issue 74 item 2)');

  // Ready once the start's search indexes are built (503 "warming" before: a moment with the demo catalog).
  let ready = await fetch(`${server.base}/readyz`);
  for (let i = 0; i < 100 && ready.status === 503 && (await ready.clone().json()).status === 'warming'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    ready = await fetch(`${server.base}/readyz`);
  }
  assert.equal(ready.status, 200);
  const readiness = await ready.json();
  assert.equal(readiness.status, 'ready');
  assert.equal(readiness.database, process.env.PORTAL_TEST_PG_ADMIN ? 'postgres' : 'sqlite');
  assert.ok(readiness.tenants >= 3, 'the demo tenants');
  assert.equal(readiness.notice, undefined);

  await api('/structure/home');
  const metrics = await fetch(`${server.base}/metrics`);
  assert.equal(metrics.status, 200);
  assert.match(metrics.headers.get('content-type'), /text\/plain/);
  const text = await metrics.text();
  assert.match(text, /portal_http_requests_total\{route="\/backend\/structure\/\{name\}",status="200"\} \d+/);
  assert.match(text, /portal_http_request_duration_seconds_bucket\{route="\/healthz",le="0.005"\} \d+/);
  assert.match(text, /portal_http_open_connections \d+/);
  // The backlogs an operator alerts on (docs/portal.rules.yml).
  for (const gauge of ['portal_mail_outbox_oldest_seconds', 'portal_media_job_queue_oldest_seconds', 'portal_media_jobs_failed_last_hour',
    'portal_db_pool_size', 'portal_db_connections_in_use', 'portal_db_waiting', 'portal_db_pool_exhausted', 'portal_search_index_bytes',
    'portal_search_indexes', 'portal_search_index_evictions'])
    assert.match(text, new RegExp(`# TYPE ${gauge} gauge\n${gauge} \\d`), gauge);
  const value = (gauge) => Number(text.match(new RegExp(`\n${gauge} (\\S+)`))[1]);
  assert.ok(value('portal_db_pool_size') >= 1);
  assert.ok(value('portal_db_connections_in_use') >= 0 && value('portal_db_connections_in_use') <= value('portal_db_pool_size'));
  // A search builds the tenant's index: its memory shows.
  await api('/search?q=neon&lang=en');
  const after = await (await fetch(`${server.base}/metrics`)).text();
  assert.ok(Number(after.match(/\nportal_search_index_bytes (\S+)/)[1]) > 0, 'the index built by the search');
});

test('every answer carries a request id, and a sane client id is kept', async () => {
  const res = await fetch(`${server.base}/healthz`, { headers: { 'X-Request-ID': 'trace-42' } });
  assert.equal(res.headers.get('x-request-id'), 'trace-42');
  const other = await fetch(`${server.base}/healthz`, { headers: { 'X-Request-ID': 'bad id with spaces' } });
  assert.match(other.headers.get('x-request-id'), /^[0-9a-f]{16}$/);
});

test('backend calls need a known tenant', async () => {
  await expectError(await fetch(`${server.base}/backend/structure/home`), 400, 'TENANT_REQUIRED');
  await expectError(
    await fetch(`${server.base}/backend/structure/home`, { headers: { 'X-Tenant-ID': 'nobody' } }),
    404,
    'TENANT_NOT_FOUND',
  );
});

test('unknown backend route is 404, wrong method is 405 with Allow', async () => {
  await expectError(await api('/no/such/call'), 404, 'ROUTE_NOT_FOUND');
  const res = await api('/structure/home', { method: 'DELETE' });
  assert.equal(res.headers.get('allow'), 'GET');
  await expectError(res, 405, 'METHOD_NOT_ALLOWED');
});

test('bad JSON and non-object bodies are clear 400s', async () => {
  const bad = await api('/kafka/event/pageView', { method: 'POST', body: '{"oops":', headers: { 'content-type': 'application/json' } });
  await expectError(bad, 400, 'INVALID_JSON');
  const list = await api('/kafka/event/pageView', { method: 'POST', body: '[1]', headers: { 'content-type': 'application/json' } });
  const body = await expectError(list, 400, 'VALIDATION_ERROR');
  assert.equal(body.data.field, 'body');
});

test('an oversized body is refused with 413 before it is read', async () => {
  const res = await api('/kafka/event/pageView', {
    method: 'POST',
    body: 'x'.repeat(2 * 1024 * 1024),
    headers: { 'content-type': 'application/json' },
  });
  await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
});

test('a target starting with // is rejected', async () => {
  const reply = await rawHttp(`GET //evil.example/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  assert.match(reply, /^HTTP\/1\.1 400/);
  assert.match(reply, /"error":"BAD_REQUEST"/);
});

test('pipelined requests are answered in order on one connection', async () => {
  const reply = await rawHttp(
    'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n' +
      'GET /backend/i18n/de HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: aurora\r\n\r\n' +
      'GET /readyz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  );
  const statuses = [...reply.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
  assert.deepEqual(statuses, ['200', '200', '200']);
  assert.ok(reply.indexOf('"status":"ok"') < reply.indexOf('"status":"ready"'));
});

test('malformed HTTP gets a 400 and the connection closes', async () => {
  const reply = await rawHttp('THIS IS NOT HTTP\r\n\r\n');
  assert.match(reply, /^HTTP\/1\.1 400/);
});

test('CORS: allowed tenant origins are reflected, others are not', async () => {
  const pre = await fetch(`${server.base}/backend/structure/home`, {
    method: 'OPTIONS',
    headers: { Origin: 'http://noor.localhost:8080', 'Access-Control-Request-Method': 'GET' },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get('access-control-allow-origin'), 'http://noor.localhost:8080');
  assert.match(pre.headers.get('access-control-allow-headers'), /X-Tenant-ID/);
  const foreign = await api('/structure/home', { headers: { Origin: 'https://evil.example' } });
  assert.equal(foreign.headers.get('access-control-allow-origin'), null);
});

test('text answers are compressed when the client accepts it', async () => {
  const res = await rawHttp(
    'GET /backend/i18n/en HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: aurora\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n',
  );
  assert.match(res, /content-encoding: gzip/i);
  assert.match(res, /vary: .*accept-encoding/i);
});

test('SIGTERM lets an in-flight request finish, then the process exits 0', async () => {
  const own = await startPortal();
  const socket = net.connect(own.port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  // Headers now, body later: the request is in flight when the signal comes.
  socket.write('POST /backend/kafka/event/pageView HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: aurora\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n');
  await new Promise((r) => setTimeout(r, 100));
  const stopping = own.stop();
  await new Promise((r) => setTimeout(r, 100));
  let reply = '';
  socket.on('data', (d) => (reply += d));
  const closed = new Promise((r) => socket.on('close', r));
  socket.write('{}');
  await closed;
  assert.match(reply, /^HTTP\/1\.1 20[02]/);
  assert.match(reply, /connection: close/i);
  const { code } = await stopping;
  assert.equal(code, 0);
});

function rawHttp(text) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.end(text));
    let data = '';
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    socket.setTimeout(5000, () => {
      socket.destroy();
      resolve(data);
    });
  });
}
