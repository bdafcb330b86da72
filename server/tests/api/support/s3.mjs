// An S3-compatible object store for the tests, started in this process on a free port with a bucket of its own
// in a temporary folder: s3rver (npm) keeps the objects (on disk, byte for byte; ranges, listing, deletes),
// behind a front that checks every request the way S3 does with AWS's own signer (@smithy/signature-v4, the
// AWS SDK's): an Authorization header's SigV4 signature over the signed headers and the payload's SHA-256 (the
// x-amz-content-sha256 header checked against the body), a presigned URL's signature and its expiry, and the
// access key. s3rver alone checks no V4 signature (its own source says so), so without the front a wrongly
// signed request would pass (docs/testing.md "The object store in the tests").
import http from 'node:http';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The client's node_modules hold the test tools (web/package.json devDependencies).
const require = createRequire(resolve(import.meta.dirname, '../../../../web/package.json'));

export const S3_KEYS = { PORTAL_S3_ACCESS_KEY: 'S3RVER', PORTAL_S3_SECRET_KEY: 'S3RVER' };

const ACCESS_KEY = 'S3RVER', SECRET_KEY = 'S3RVER';

function signer(secretAccessKey = SECRET_KEY, region = 'us-east-1') {
  const { SignatureV4 } = require('@smithy/signature-v4');
  const { Hash } = require('@smithy/hash-node');
  return new SignatureV4({ service: 's3', region, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey }, sha256: Hash.bind(null, 'sha256'), uriEscapePath: false, applyChecksum: false });
}

const amzDate = (d) => new Date(Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +d.slice(9, 11), +d.slice(11, 13), +d.slice(13, 15)));

// Why S3 would refuse the request, or null: what AWS's signer makes of it must be what it carries.
async function refusal(method, url, headers, body) {
  const { HttpRequest } = require('@smithy/protocol-http');
  const query = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  if (query['X-Amz-Algorithm']) {
    const date = query['X-Amz-Date'] ?? '';
    if (!query['X-Amz-Credential']?.startsWith(`${ACCESS_KEY}/`)) return ['InvalidAccessKeyId', 'unknown access key'];
    if (Date.now() > amzDate(date).getTime() + Number(query['X-Amz-Expires']) * 1000) return ['AccessDenied', 'Request has expired'];
    const rest = Object.fromEntries(Object.entries(query).filter(([k]) => !k.startsWith('X-Amz-')));
    const request = new HttpRequest({ method, protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query: rest, headers: { host: headers.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } });
    const signed = await signer().presign(request, { expiresIn: Number(query['X-Amz-Expires']), signingDate: amzDate(date), unsignableHeaders: new Set(['x-amz-content-sha256']), unhoistableHeaders: new Set(['x-amz-content-sha256']) });
    return signed.query['X-Amz-Signature'] === query['X-Amz-Signature'] ? null : ['SignatureDoesNotMatch', 'presigned URL'];
  }
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/[^,]+, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(headers.authorization ?? '');
  if (!auth) return ['AccessDenied', 'no SigV4 Authorization header'];
  if (auth[1] !== ACCESS_KEY) return ['InvalidAccessKeyId', 'unknown access key'];
  const payload = headers['x-amz-content-sha256'];
  if (payload !== 'UNSIGNED-PAYLOAD' && payload !== createHash('sha256').update(body).digest('hex'))
    return ['XAmzContentSHA256Mismatch', 'the payload is not the one signed'];
  const date = headers['x-amz-date'] ?? '';
  if (Math.abs(Date.now() - amzDate(date).getTime()) > 15 * 60_000) return ['RequestTimeTooSkewed', date];
  const signedHeaders = Object.fromEntries(auth[2].split(';').map((name) => [name, headers[name] ?? '']));
  const request = new HttpRequest({ method, protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query, headers: signedHeaders, body });
  const signed = await signer().sign(request, { signingDate: amzDate(date) });
  const expected = /Signature=([0-9a-f]{64})/.exec(signed.headers.authorization)[1];
  return expected === auth[3] ? null : ['SignatureDoesNotMatch', 'Authorization header'];
}

export async function startS3(bucket = 'media') {
  const S3rver = require('s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const store = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const inner = (await store.run()).port;
  const refused = [];
  const front = http.createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const body = Buffer.concat(chunks);
      const url = new URL(req.url, `http://${req.headers.host}`);
      const why = await refusal(req.method, url, req.headers, body);
      if (why) {
        refused.push(`${req.method} ${url.pathname}: ${why.join(': ')}`);
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${why[0]}</Code><Message>${why[1]}</Message></Error>`);
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length', 'authorization'].includes(k) && !k.startsWith('x-amz-')));
      const up = await fetch(`http://127.0.0.1:${inner}${url.pathname}${url.search}`, { method: req.method, headers, body: ['GET', 'HEAD', 'DELETE'].includes(req.method) ? undefined : body });
      const answer = Buffer.from(await up.arrayBuffer());
      const out = {};
      // A HEAD's Content-Length is the object's size (no body follows): kept; any other's is the body's, set anew.
      for (const [k, v] of up.headers) if (!['connection', 'transfer-encoding', 'content-encoding', 'content-length'].includes(k) || (k === 'content-length' && req.method === 'HEAD')) out[k] = v;
      res.writeHead(up.status, out);
      res.end(answer);
    } catch (e) {
      res.writeHead(500);
      res.end(String(e));
    }
  });
  await new Promise((ok) => front.listen(0, '127.0.0.1', ok));
  const { port } = front.address();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    refused,  // what the front refused, for a test to show
    args: ['--media-store', 's3', '--s3-endpoint', `http://127.0.0.1:${port}`, '--s3-bucket', bucket],
    async stop() {
      await new Promise((ok) => front.close(ok));
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

// What AWS's own signer makes of a presigned GET at the same moment, for the same key and lifetime: the
// portal's URL must carry the same signature.
export async function awsPresigned(url, { accessKeyId = 'S3RVER', secretAccessKey = 'S3RVER', region = 'us-east-1' } = {}) {
  const { SignatureV4 } = require('@smithy/signature-v4');
  const { Hash } = require('@smithy/hash-node');
  const { HttpRequest } = require('@smithy/protocol-http');
  const u = new URL(url);
  const date = u.searchParams.get('X-Amz-Date');
  const signingDate = new Date(Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8), +date.slice(9, 11), +date.slice(11, 13), +date.slice(13, 15)));
  const query = {};
  for (const [k, v] of u.searchParams) if (!k.startsWith('X-Amz-')) query[k] = v;
  const signer = new SignatureV4({ service: 's3', region, credentials: { accessKeyId, secretAccessKey }, sha256: Hash.bind(null, 'sha256'), uriEscapePath: false, applyChecksum: false });
  // As AWS's S3 presigner asks it: the payload unsigned, and that header itself not among the signed ones.
  const request = new HttpRequest({ method: 'GET', protocol: u.protocol, hostname: u.hostname, port: u.port ? Number(u.port) : undefined, path: decodeURIComponent(u.pathname), query, headers: { host: u.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } });
  const signed = await signer.presign(request, { expiresIn: Number(u.searchParams.get('X-Amz-Expires')), signingDate, unsignableHeaders: new Set(['x-amz-content-sha256']), unhoistableHeaders: new Set(['x-amz-content-sha256']) });
  return signed.query['X-Amz-Signature'];
}

// A GET of the bucket signed with AWS's own signer (a client the portal's code has no part in).
async function awsFetch(s3, path, query = {}) {
  const { SignatureV4 } = require('@smithy/signature-v4');
  const { Hash } = require('@smithy/hash-node');
  const { HttpRequest } = require('@smithy/protocol-http');
  const u = new URL(`${s3.endpoint}/${s3.bucket}${path}`);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  const signer = new SignatureV4({ service: 's3', region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, sha256: Hash.bind(null, 'sha256'), uriEscapePath: false });
  const request = new HttpRequest({ method: 'GET', protocol: u.protocol, hostname: u.hostname, port: Number(u.port), path: u.pathname, query, headers: { host: u.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } });
  const signed = await signer.sign(request);
  return fetch(u, { headers: signed.headers });
}

// An object's bytes; null when absent.
export async function awsGet(s3, key) {
  const res = await awsFetch(s3, `/${key}`);
  if (res.status === 404) return null;
  if (res.status !== 200) throw new Error(`GET ${key}: ${res.status} ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

// The keys under a prefix (ListObjectsV2).
export async function awsList(s3, prefix) {
  const res = await awsFetch(s3, '/', { 'list-type': '2', prefix });
  const xml = await res.text();
  if (res.status !== 200) throw new Error(`LIST ${prefix}: ${res.status} ${xml}`);
  return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]);
}

// Puts an object into the bucket with AWS's own signer (what an earlier version of the portal left there).
export async function awsPut(s3, key, bytes) {
  const { SignatureV4 } = require('@smithy/signature-v4');
  const { Hash } = require('@smithy/hash-node');
  const { HttpRequest } = require('@smithy/protocol-http');
  const u = new URL(`${s3.endpoint}/${s3.bucket}/${key}`);
  const body = Buffer.from(bytes);
  const payload = createHash('sha256').update(body).digest('hex');
  const signer = new SignatureV4({ service: 's3', region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, sha256: Hash.bind(null, 'sha256'), uriEscapePath: false });
  const request = new HttpRequest({ method: 'PUT', protocol: u.protocol, hostname: u.hostname, port: Number(u.port), path: u.pathname, headers: { host: u.host, 'x-amz-content-sha256': payload }, body });
  const signed = await signer.sign(request);
  const res = await fetch(u, { method: 'PUT', headers: signed.headers, body });
  if (res.status !== 200) throw new Error(`PUT ${key}: ${res.status} ${await res.text()}`);
}
