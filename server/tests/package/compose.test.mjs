// The container recipes (server/packaging/container/, docs/operations.md "In a container"; issue 71 items 5 and 14).
// CI cannot run compose.yaml (its PostgreSQL, MinIO and nginx images come from registries it does not reach), so its
// rules are checked on the text: the production recipe seeds no demo (the demo is compose.demo.yaml, the dev stage
// of the image's demo target, on the loopback only); no password on a command line (the database URL names none,
// libpq takes PGPASSWORD); the portals hold their own S3 key, which the store's init gives a policy for the bucket
// only, never the store's administrator; every image pulled is pinned to an exact release.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../api/support/server.mjs';

const DIR = join(ROOT, 'server/packaging/container');
const read = (name) => readFileSync(join(DIR, name), 'utf8');
const code = (text) => text.split('\n').filter((line) => !/^\s*#/.test(line)).join('\n');  // comments left out

// One service's lines: from `  name:` to the next key at its indentation or a top-level key.
function service(text, name) {
  const lines = code(text).split('\n');
  const from = lines.findIndex((l) => l === `  ${name}:`);
  assert.ok(from >= 0, `service ${name}`);
  const to = lines.findIndex((l, i) => i > from && /^( {2})?[\w.-]+:/.test(l));
  return lines.slice(from, to < 0 ? undefined : to).join('\n');
}

test('the production recipe seeds no demo; the demo is its own file, in the dev stage, on the loopback', () => {
  const compose = code(read('compose.yaml'));
  assert.doesNotMatch(compose, /--seed/, 'no instance of compose.yaml starts with --seed');
  assert.doesNotMatch(compose, /--stage/, 'the portals run the stage of the image\'s portal.json (prod)');
  assert.match(compose, /target: runtime/);
  const demo = code(read('compose.demo.yaml'));
  assert.match(demo, /PORTAL_ARGS: --stage dev --seed demo/);
  assert.match(demo, /target: demo/);
  assert.match(demo, /ports: \["127\.0\.0\.1:\d+:8080"\]/, 'the demo listens on this machine only');
  assert.match(read('compose.demo.yaml'), /NOT FOR PRODUCTION/);
  assert.match(demo, /org\.opencontainers\.image\.title: ".*not for production"/);
  // The image: the default target (the last stage) is the runtime, with no demo package and no seed.
  const containerfile = code(read('Containerfile'));
  const stages = [...containerfile.matchAll(/^FROM \S+ AS (\w+)$/gm)].map((m) => m[1]);
  assert.equal(stages.at(-1), 'runtime', `the default target: ${stages}`);
  const runtime = containerfile.slice(containerfile.lastIndexOf('FROM runtime-base AS runtime'));
  assert.ok(runtime.startsWith('FROM runtime-base AS runtime'), 'the runtime is the shared runtime base');
  assert.doesNotMatch(runtime, /portal-demo|--seed|COPY/, 'and adds nothing to it');
  assert.match(runtime, /^ENV PORTAL_ARGS=""$/m);
  const base = containerfile.slice(containerfile.indexOf('FROM scratch AS runtime-base'), containerfile.indexOf('FROM installed AS demo-installed'));
  assert.doesNotMatch(base, /portal-demo|--seed/, 'the runtime base holds no demo (issue 74 item 7: made FROM scratch)');
  assert.match(containerfile, /COPY --from=build \/out\/portal_\*\.deb/, 'the runtime\'s base copies the portal\'s package only');
});

test('no password on a command line: the database URL names none, the portals take PGPASSWORD', () => {
  const compose = code(read('compose.yaml'));
  const urls = compose.match(/postgres(ql)?:\/\/\S+/g) ?? [];
  assert.ok(urls.length > 0);
  for (const url of urls) assert.doesNotMatch(url, /^postgres(ql)?:\/\/[^@/]*:[^@/]*@/, `${url} holds a password`);
  assert.match(compose, /^ {4}PGPASSWORD: \$\{POSTGRES_PASSWORD:\?[^}]*\}$/m);
  // The store's administrator reaches mc through its environment (MC_HOST_s), not `mc alias set … PASSWORD`.
  assert.doesNotMatch(compose, /\$\$STORE_ROOT_PASSWORD|mc alias set/);
  assert.match(service(compose, 'store-init'), /MC_HOST_s: http:\/\/\$\{STORE_ROOT_USER:\?[^}]*\}:\$\{STORE_ROOT_PASSWORD:\?[^}]*\}@store:9000/);
});

test('the portals hold their own S3 key with a policy for the bucket only, not the store administrator\'s', () => {
  const compose = read('compose.yaml');
  const store = service(compose, 'store');
  assert.match(store, /MINIO_ROOT_USER: \$\{STORE_ROOT_USER:\?/);
  assert.match(store, /MINIO_ROOT_PASSWORD: \$\{STORE_ROOT_PASSWORD:\?/);
  const portal = compose.slice(compose.indexOf('x-portal:'), compose.indexOf('\nservices:'));
  assert.doesNotMatch(portal, /STORE_ROOT|MINIO_ROOT/, 'the portals never see the administrator\'s key');
  assert.match(portal, /PORTAL_S3_ACCESS_KEY: \$\{PORTAL_S3_ACCESS_KEY:\?/);
  const init = service(compose, 'store-init');
  assert.match(init, /mc admin user add s "\$\$PORTAL_S3_ACCESS_KEY" "\$\$PORTAL_S3_SECRET_KEY"/);
  assert.match(init, /mc admin policy create s portal-media \/etc\/portal-store-policy\.json/);
  assert.match(init, /mc admin policy attach s portal-media --user "\$\$PORTAL_S3_ACCESS_KEY"/);
  assert.match(init, /\.\/store-policy\.json:\/etc\/portal-store-policy\.json:ro/);
  const policy = JSON.parse(read('store-policy.json'));
  const resources = policy.Statement.flatMap((s) => s.Resource);
  assert.deepEqual([...new Set(resources)].sort(), ['arn:aws:s3:::portal', 'arn:aws:s3:::portal/*']);
  assert.ok(policy.Statement.every((s) => s.Effect === 'Allow' && s.Action.every((a) => /^s3:(Get|Put|Delete|List|Abort)/.test(a) && !a.includes('*'))),
    'object and listing calls only: no admin:*, no s3:*');
});

test('every image pulled is pinned to an exact release', () => {
  for (const name of ['compose.yaml', 'compose.demo.yaml']) {
    for (const [, image] of code(read(name)).matchAll(/^\s*image: (\S+)$/gm)) {
      if (/^(\$\{PORTAL_IMAGE:-)?localhost\//.test(image)) continue;  // built here from the checkout, never pulled
      // A release's whole number (PostgreSQL's are two parts, nginx's three) or MinIO's dated release: no latest,
      // no bare major.
      assert.match(image, /^[\w.-]+\/[\w./-]+:(\d+\.\d+(\.\d+)?(-[a-z]+)?|RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)$/, `${name}: ${image}`);
    }
  }
  for (const [, image] of read('Containerfile').matchAll(/^ARG \w*BASE=(\S+)$/gm))
    assert.match(image, /:\d+(\.\d+)+(-[a-z]+)?$/, `Containerfile: ${image}`);
});
