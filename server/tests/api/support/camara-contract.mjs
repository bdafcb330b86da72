// CAMARA's published OpenAPI documents (server/tests/contracts/camara, README there: tags and checksums) as one
// contract for Stoplight Prism, which checks every call to the CAMARA operator test server (support/camara.mjs) and
// every answer of it.
//
// Each API is its own document with its own base path ("{apiRoot}/carrier-billing/v0.5") and its own components,
// some of them of one name and different content (each document's CloudEvent maps its own event types). One Prism
// reads one document, so camaraContract() writes them as one:
//
// - every path under its document's base path ("/carrier-billing/v0.5/payments/prepare"), so the test server's API
//   root is the operator's as the portal configures it;
// - every component renamed with its document's prefix (cb_, cbr_, nv_, otp_), and each $ref and discriminator
//   mapping with it; the security schemes keep their names (a security requirement names its scheme by name, and
//   the four documents declare the same two: openId, notificationsBearerAuth).
//
// Nothing else changes: the schemas, their patterns, enums and required properties are the published ones.
// Prism reads an openIdConnect scheme as "a bearer token is there", which is what a test server can check of it.
// What Prism does not check: a discriminator (validationInfo's `action`, a refund's `type`) does not pick the
// mapped schema, so the server writes those itself from the same document (camara.mjs keeps to it).
//
// The notifications the operator sends (the `callbacks` of createPayment, preparePayment and createRefund) are
// no call Prism sees: camaraSchemas() hands their CloudEvent schemas to the server, which checks each event it
// sends with Prism's own validator before sending it.
//
// The result is written to a file in os.tmpdir() named by its content hash; the function returns its path.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const require = createRequire(resolve(import.meta.dirname, '../../../../web/package.json'));
const yaml = require('js-yaml');

const CONTRACTS = resolve(import.meta.dirname, '../../contracts/camara');

// Each document, its prefix and file.
export const CAMARA_DOCUMENTS = [
  ['cb', 'carrier-billing/carrier-billing.yaml'],
  ['cbr', 'carrier-billing/carrier-billing-refund.yaml'],
  ['nv', 'number-verification/number-verification.yaml'],
  ['otp', 'otp-validation/one-time-password-sms.yaml'],
];

const REF = /^#\/components\/(\w+)\/(.+)$/;

function renamed(node, prefix) {
  if (Array.isArray(node)) return node.map((item) => renamed(item, prefix));
  if (node === null || typeof node !== 'object') return node;
  const rename = (ref) => ref.replace(REF, (_, kind, name) => (kind === 'securitySchemes' ? ref : `#/components/${kind}/${prefix}_${name}`));
  return Object.fromEntries(Object.entries(node).map(([key, value]) => {
    if (key === '$ref' && typeof value === 'string') return [key, rename(value)];
    if (key === 'mapping' && value && typeof value === 'object' && !Array.isArray(value))
      return [key, Object.fromEntries(Object.entries(value).map(([name, ref]) => [name, rename(ref)]))];
    return [key, renamed(value, prefix)];
  }));
}

// The base path of a document's first server ("{apiRoot}/carrier-billing/v0.5" -> "/carrier-billing/v0.5").
function basePath(document) {
  return new URL(document.servers[0].url.replace('{apiRoot}', 'http://api.root')).pathname.replace(/\/$/, '');
}

let merged = null;

function mergedContract() {
  if (merged) return merged;
  const contract = {
    openapi: '3.0.3',
    info: { title: 'CAMARA operator (Carrier Billing, Carrier Billing Refund, Number Verification, One Time Password SMS)', version: 'Fall25' },
    servers: [{ url: '/' }],
    paths: {},
    components: { schemas: {}, responses: {}, parameters: {}, headers: {}, securitySchemes: {} },
  };
  for (const [prefix, file] of CAMARA_DOCUMENTS) {
    const document = yaml.load(readFileSync(join(CONTRACTS, file), 'utf8'));
    const base = basePath(document);
    for (const [path, item] of Object.entries(document.paths)) contract.paths[base + path] = renamed(item, prefix);
    for (const [kind, entries] of Object.entries(document.components ?? {}))
      for (const [name, value] of Object.entries(entries)) {
        contract.components[kind] ??= {};
        contract.components[kind][kind === 'securitySchemes' ? name : `${prefix}_${name}`] = renamed(value, prefix);
      }
  }
  merged = contract;
  return merged;
}

// The contract's file for `prism proxy`.
export function camaraContract() {
  const text = JSON.stringify(mergedContract());
  const file = join(tmpdir(), `camara-contract-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`);
  if (!existsSync(file)) {
    writeFileSync(`${file}.${process.pid}`, text);
    renameSync(`${file}.${process.pid}`, file);
  }
  return file;
}

// A component schema of the contract with every $ref it reaches inlined ("cb_CloudEvent"), for Prism's validator;
// a reference back to a schema being inlined (the CloudEvent's discriminator mapping leads to allOf [CloudEvent,
// ...]) is written {} (that branch is checked where it starts).
export function camaraSchema(name) {
  const { components } = mergedContract();
  const inline = (node, seen) => {
    if (Array.isArray(node)) return node.map((item) => inline(item, seen));
    if (node === null || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') {
      const [, kind, ref] = REF.exec(node.$ref) ?? [];
      if (seen.has(ref)) return {};
      return inline(components[kind][ref], new Set([...seen, ref]));
    }
    const out = {};
    for (const [key, value] of Object.entries(node)) if (key !== 'discriminator') out[key] = inline(value, seen);
    return out;
  };
  if (!components.schemas[name]) throw new Error(`the CAMARA contract has no schema ${name}`);
  return inline(components.schemas[name], new Set([name]));
}

// The statuses a notification's receiver may answer (the callback's responses), by operation id.
export function callbackStatuses(operationId) {
  const { paths } = mergedContract();
  for (const item of Object.values(paths))
    for (const operation of Object.values(item))
      for (const callback of Object.values(operation.callbacks ?? {}))
        for (const target of Object.values(callback))
          for (const call of Object.values(target))
            if (call.operationId === operationId) return Object.keys(call.responses).map(Number);
  throw new Error(`the CAMARA contract has no callback ${operationId}`);
}

// The schema of one notification (a CloudEvent of `type`) of a document (prefix cb or cbr): the schema its
// CloudEvent's discriminator maps the type to (the event with its data), inlined.
export function eventSchema(prefix, type) {
  const cloudEvent = mergedContract().components.schemas[`${prefix}_CloudEvent`];
  const ref = cloudEvent?.discriminator?.mapping?.[type];
  if (!ref) throw new Error(`the CAMARA contract has no event ${type} in ${prefix}`);
  return camaraSchema(REF.exec(ref)[2]);
}
