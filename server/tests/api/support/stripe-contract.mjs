// Stripe's published OpenAPI document (fixtures/stripe/spec3.json.gz, API version 2020-08-27) cut down to what the
// tests use, for Stoplight Prism to check the calls to the Stripe test server (support/stripe.mjs) and its answers.
//
// stripeContract({ '/v1/checkout/sessions': ['post'], ... }) keeps those operations, the component schemas they
// reach (the transitive $ref closure) and the security schemes, and rewrites two things:
//
// - Every expandable field is narrowed to its unexpanded form: a property with `x-expansionResources` and an `anyOf`
//   whose branches are the object's id (a string) or the object itself becomes the string branch (keeping the
//   property's description and nullable). Why: Prism dereferences the document when it starts, and Stripe's
//   expandable fields make a circular graph of nearly every object (a charge's customer's default source's ...):
//   ~140 s on the whole document, ~3 s on the narrowed one. Narrowing is safe for a test: an anyOf cut to one of its
//   branches only makes the contract stricter (every answer the narrowed document accepts, the full one accepts
//   too), and the portal never asks for an expansion, so Stripe answers ids there.
// - "Null or X", which Stripe writes `{ anyOf: [X], nullable: true }`, is written anyOf [X, only null]: the same
//   values pass and fail. As published, the ajv that Prism validates with refuses to compile such a schema
//   ("nullable" cannot be used without "type"), and Prism takes a schema that does not compile for one that
//   passes: it checked none of the answers that hold such a field (a customer, a charge, a PaymentIntent, a
//   Checkout Session...). "Only null" in OpenAPI 3.0 words is a nullable type that refuses every value of that
//   type, `{ type: 'string', nullable: true, not: { type: 'string' } }` (Prism turns `nullable` into the types
//   ['string', 'null']; `enum: [null]` would not do: Prism appends another null to a nullable enum, and ajv
//   refuses an enum with a duplicate).
//
// The result is written to a file in os.tmpdir() named by its content hash (test files that ask for the same
// operations share it); the function returns its path.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const SPEC = join(import.meta.dirname, '../fixtures/stripe/spec3.json.gz');
const SCHEMA_REF = '#/components/schemas/';

// An expandable field's id branch, carrying the field's own description and nullable; null when it is none.
function unexpanded(schema) {
  if (!schema['x-expansionResources'] || !Array.isArray(schema.anyOf)) return null;
  const id = schema.anyOf.find((branch) => branch.type === 'string');
  if (!id) return null;
  const narrowed = { ...id };
  for (const key of ['description', 'nullable']) if (key in schema) narrowed[key] = schema[key];
  return narrowed;
}

const ONLY_NULL = { type: 'string', nullable: true, not: { type: 'string' } };

// `{ anyOf, nullable: true }` without a type as the same anyOf with a null branch; null when it is not that.
function nullBranched(schema) {
  if (schema.nullable !== true || 'type' in schema || !Array.isArray(schema.anyOf)) return null;
  const branched = { ...schema, anyOf: [...schema.anyOf, ONLY_NULL] };
  delete branched.nullable;
  return branched;
}

function rewrite(node) {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== 'object') return node;
  const id = unexpanded(node);
  if (id) return id;
  return Object.fromEntries(Object.entries(nullBranched(node) ?? node).map(([key, value]) => [key, rewrite(value)]));
}

// The names of the component schemas `node` reaches, directly or through other schemas.
function reachedSchemas(node, schemas, seen = new Set()) {
  if (Array.isArray(node)) {
    for (const item of node) reachedSchemas(item, schemas, seen);
  } else if (node !== null && typeof node === 'object') {
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF)) {
      const name = ref.slice(SCHEMA_REF.length);
      if (!seen.has(name)) {
        seen.add(name);
        reachedSchemas(schemas[name], schemas, seen);
      }
    }
    for (const value of Object.values(node)) reachedSchemas(value, schemas, seen);
  }
  return seen;
}

function operations(document, wanted) {
  return Object.fromEntries(Object.entries(wanted).map(([path, methods]) => [path, Object.fromEntries(methods.map((method) => {
    const operation = document.paths[path]?.[method];
    if (!operation) throw new Error(`Stripe's document has no ${method.toUpperCase()} ${path}`);
    return [method, operation];
  }))]));
}

export function stripeContract(paths) {
  const document = JSON.parse(gunzipSync(readFileSync(SPEC)));
  const kept = rewrite(operations(document, paths));
  const schemas = rewrite(document.components.schemas);
  const names = [...reachedSchemas(kept, schemas)].sort();
  const contract = {
    ...document,
    paths: kept,
    components: {
      schemas: Object.fromEntries(names.map((name) => [name, schemas[name]])),
      securitySchemes: document.components.securitySchemes,
    },
  };
  const text = JSON.stringify(contract);
  const file = join(tmpdir(), `stripe-contract-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`);
  if (!existsSync(file)) {
    writeFileSync(`${file}.${process.pid}`, text);
    renameSync(`${file}.${process.pid}`, file);
  }
  return file;
}
