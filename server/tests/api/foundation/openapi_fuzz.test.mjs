// The served OpenAPI document, and a property-based test of every write call
// it describes: fast-check sends bodies shaped by the call's request schema and
// bodies that break it (wrong types, missing members, not an object, not
// JSON). Whatever arrives, the answer is never a 5xx, and every 4xx is the one
// error shape {status, error, message, data, requestId}.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPortal, ROOT } from '../support/server.mjs';

// fast-check is a devDependency of the client (web/package.json).
const fc = createRequire(join(ROOT, 'web/package.json'))('fast-check');

const RUNS = Number(process.env.PORTAL_FUZZ_RUNS ?? 20);
const TENANT = 'aurora';

let server;
let doc;
let token;

before(async () => {
  server = await startPortal();
  const res = await fetch(`${server.base}/backend/openapi.json`);
  assert.equal(res.status, 200);
  doc = await res.json();
  const login = await fetch(`${server.base}/backend/login/api`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Tenant-ID': TENANT },
    body: JSON.stringify({ email: 'subscriber@example.com', password: 'portal-demo' }),
  });
  assert.equal(login.status, 200);
  token = (await login.json()).data.access_token;
});

after(() => server?.stop());

test('the served document is OpenAPI 3.1, the committed docs/openapi.json, with an ETag', async () => {
  assert.equal(doc.openapi, '3.1.0');
  assert.deepEqual(doc, JSON.parse(readFileSync(join(ROOT, 'docs/openapi.json'), 'utf8')),
    'docs/openapi.json is stale: rebuild (make server) and commit it');
  const first = await fetch(`${server.base}/backend/openapi.json`);
  const etag = first.headers.get('etag');
  assert.ok(etag);
  const again = await fetch(`${server.base}/backend/openapi.json`, { headers: { 'If-None-Match': etag } });
  assert.equal(again.status, 304);
});

// An arbitrary for the values a JSON schema (the subset schema_of emits) accepts.
function shaped(schema) {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 2 });
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(shaped));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => shaped({ ...schema, type })));
  switch (schema.type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': return fc.integer({ min: schema.minimum ?? -1e6, max: 1e6 });
    case 'number': return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'string':
      return schema.pattern === '^[0-9]+$'
        ? fc.integer({ min: 0, max: 1e6 }).map(String)
        : fc.oneof(fc.string({ maxLength: 40 }), fc.emailAddress(), fc.constantFrom('', 'en', 'ACCEPTED', 'card'));
    case 'array': return fc.array(shaped(schema.items), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const arbitraries = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, shaped(s)]));
      return fc.record(arbitraries, { requiredKeys: schema.required ?? [] });
    }
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}

// A value of another JSON type than the schema allows.
function wrongType(schema) {
  const allowed = new Set([schema?.type ?? []].flat());
  if (schema?.anyOf) for (const s of schema.anyOf) for (const t of [s.type].flat()) allowed.add(t);
  const candidates = [
    ['string', fc.string({ maxLength: 10 })], ['integer', fc.integer()], ['number', fc.double({ noNaN: true, noDefaultInfinity: true })],
    ['boolean', fc.boolean()], ['null', fc.constant(null)], ['array', fc.array(fc.integer(), { maxLength: 2 })],
    ['object', fc.constant({ nested: true })],
  ].filter(([type]) => !allowed.has(type) && !(type === 'integer' && allowed.has('number')));
  return candidates.length ? fc.oneof(...candidates.map(([, a]) => a)) : fc.constant(Symbol.for('none'));
}

// Bodies the schema rejects: a member of the wrong type, a required member
// missing, a body that is no object, or no JSON at all (sent raw).
function breaking(schema) {
  const raw = (text) => ({ raw: text });
  const options = [
    fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 })),
    fc.constantFrom('{', '{"a":', 'not json', '[1,2', '\u0000', '{"x": 1e999999}').map(raw),
  ];
  const properties = schema?.properties ?? {};
  const names = Object.keys(properties);
  if (names.length) {
    options.push(
      fc.tuple(shaped(schema), fc.constantFrom(...names)).chain(([body, name]) =>
        wrongType(properties[name]).map((bad) => (bad === Symbol.for('none') ? body : { ...body, [name]: bad }))),
    );
    if (schema.required?.length)
      options.push(fc.tuple(shaped(schema), fc.constantFrom(...schema.required)).map(([body, name]) => {
        const copy = { ...body };
        delete copy[name];
        return copy;
      }));
  }
  return fc.oneof(...options);
}

function writeCalls() {
  const calls = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      // The dev calls move the shared clock or run the scheduler; not a body's concern.
      if (path.startsWith('/backend/dev/')) continue;
      calls.push({ path, method: method.toUpperCase(), op, schema });
    }
  return calls;
}

let idempotencyKeys = 0;
async function send(call, body) {
  const path = call.path.replace(/\{[^}]+\}/g, (m) => (m === '{tenant}' ? TENANT : '1'));
  const params = call.op.parameters ?? [];
  const headers = { 'Content-Type': 'application/json' };
  if (params.some((p) => p.name === 'X-Tenant-ID')) headers['X-Tenant-ID'] = TENANT;
  if (params.some((p) => p.name === 'Idempotency-Key')) headers['Idempotency-Key'] = `fuzz-${process.pid}-${++idempotencyKeys}`;
  // Signed in, so user calls reach their handler; logout would end the session.
  if (call.path !== '/backend/logout') headers.Authorization = `Bearer ${token}`;
  const text = body && typeof body === 'object' && 'raw' in body ? body.raw : JSON.stringify(body);
  const res = await fetch(`${server.base}${path}`, { method: call.method, headers, body: text });
  const answer = await res.text();
  const where = `${call.method} ${call.path} with ${text.slice(0, 200)} -> ${res.status} ${answer.slice(0, 200)}`;
  assert.ok(res.status < 500, `a 5xx: ${where}`);
  if (res.status >= 400 && call.path.startsWith('/backend/payments/camara/')) {
    // A CAMARA operator's callback answers in CAMARA's own error shape (ErrorInfo: status, code, message), which
    // the operator's side reads (docs/decisions.md "CAMARA carrier billing").
    assert.match(res.headers.get('content-type') ?? '', /application\/json/, where);
    const error = JSON.parse(answer);
    assert.equal(error.status, res.status, where);
    assert.equal(typeof error.code, 'string', where);
    assert.equal(typeof error.message, 'string', where);
  } else if (res.status >= 400) {
    assert.match(res.headers.get('content-type') ?? '', /application\/json/, where);
    const error = JSON.parse(answer);
    assert.equal(error.status, res.status, where);
    assert.equal(typeof error.error, 'string', where);
    assert.equal(typeof error.message, 'string', where);
    assert.ok('data' in error, where);
    assert.equal(typeof error.requestId, 'string', where);
  }
}

test('every write call answers schema-shaped and schema-breaking bodies without a 5xx, errors in the one shape', async (t) => {
  const calls = writeCalls();
  assert.ok(calls.length >= 10, `the document describes ${calls.length} write calls with a JSON body`);
  for (const call of calls) {
    await t.test(`${call.method} ${call.path}`, async () => {
      await fc.assert(fc.asyncProperty(shaped(call.schema), (body) => send(call, body)), { numRuns: RUNS });
      await fc.assert(fc.asyncProperty(breaking(call.schema), (body) => send(call, body)), { numRuns: RUNS });
    });
  }
});
