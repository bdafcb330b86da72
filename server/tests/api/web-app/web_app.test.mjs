// Install as an app and the tenant's tag manager (issue 16): the web app
// manifest per tenant, the shell's link to it, the CSP that admits the tag
// manager only for a tenant that configured one, and a malformed container id
// refused at start-up.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, rawRequest } from '../support/server.mjs';
import { dataDirWith } from '../subscriptions/support.mjs';

let server;
before(async () => (server = await startPortal(['--scheduler-interval', '0'])));
after(async () => server && (await server.stop()));

const get = (srv, path, host) => rawRequest(srv, { path, headers: { Host: host } });

function policy(res) {
  const map = new Map();
  for (const part of String(res.headers['content-security-policy']).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    map.set(name, values);
  }
  return map;
}

test("each tenant's manifest: its name, language, direction, colours and icons on its own origin", async () => {
  const aurora = await get(server, '/manifest.webmanifest', 'localhost:8080');
  assert.equal(aurora.status, 200);
  assert.match(aurora.headers['content-type'], /^application\/manifest\+json/);
  assert.match(aurora.headers.vary, /Host/);
  const a = JSON.parse(aurora.body);
  assert.equal(a.name, 'Aurora Play');
  assert.equal(a.lang, 'en');
  assert.equal(a.dir, 'ltr');
  assert.equal(a.display, 'standalone');
  assert.equal(a.start_url, '/');
  assert.equal(a.scope, '/');
  assert.equal(a.theme_color, '#6d28d9', 'the light default theme: its primary colour');
  assert.equal(a.background_color, '#faf7ff');
  assert.ok(a.icons.length >= 1);
  // On the host asked for and the port the server listens on: the Host's port (8080 here) counts for nothing.
  for (const icon of a.icons) assert.ok(icon.src.startsWith(`http://localhost:${server.port}/media/`), icon.src);

  const n = JSON.parse((await get(server, '/manifest.webmanifest', 'noor.localhost:8080')).body);
  assert.notEqual(n.name, a.name);
  assert.equal(n.lang, 'ar');
  assert.equal(n.dir, 'rtl');
  assert.ok(n.description.length > 0);
  for (const icon of n.icons) assert.ok(icon.src.startsWith(`http://noor.localhost:${server.port}/media/art/noor-`), icon.src);
});

test('a foreign Host gets the default tenant with icons on its configured host, never the foreign one', async () => {
  const res = await get(server, '/manifest.webmanifest', 'evil.example');
  assert.equal(res.status, 200);
  const m = JSON.parse(res.body);
  assert.equal(m.name, 'Aurora Play');
  for (const icon of m.icons) {
    assert.ok(!icon.src.includes('evil.example'), icon.src);
    assert.match(icon.src, new RegExp(`^http://(aurora\\.)?localhost:${server.port}/`), 'one of the tenant\'s configured hosts');
  }
});

test("the page shell links the manifest and carries the tenant's theme colour", async () => {
  const res = await get(server, '/ar', 'noor.localhost');
  assert.equal(res.status, 200);
  assert.match(res.body, /<link rel="manifest" href="\/manifest\.webmanifest">/);
  const noor = JSON.parse((await get(server, '/manifest.webmanifest', 'noor.localhost')).body);
  assert.match(res.body, new RegExp(`<meta name="theme-color" content="${noor.theme_color}">`));
});

test('the tag manager: admitted by the policy of the tenant that configured it only, its id in the settings', async () => {
  const dataDir = dataDirWith((folder, name, doc) => {
    if (folder !== 'tenants' || name !== 'vela') return doc;
    doc.settings = { ...doc.settings, tagManager: { containerId: 'GTM-TEST123' } };
    return doc;
  });
  const other = await startPortal(['--scheduler-interval', '0'], { dataDir });
  try {
    const vela = await get(other, '/de', 'vela.localhost');
    assert.equal(vela.status, 200);
    const csp = policy(vela);
    assert.ok(csp.get('script-src').includes('https://www.googletagmanager.com'), `script-src: ${csp.get('script-src')}`);
    assert.ok(csp.get('connect-src').includes('https://www.google-analytics.com'), `connect-src: ${csp.get('connect-src')}`);
    assert.match(vela.body, /"tagManager":\{"containerId":"GTM-TEST123"\}/);
    // The shell never adds the script itself: the client does, after consent.
    assert.ok(!vela.body.includes('googletagmanager.com/gtm.js'));

    const aurora = policy(await get(other, '/', 'localhost'));
    for (const directive of ['script-src', 'connect-src'])
      assert.ok(!aurora.get(directive).some((source) => source.includes('google')), `${directive}: ${aurora.get(directive)}`);
  } finally {
    await other.stop();
  }
});

test('a malformed container id stops the start-up with an error naming the field', async () => {
  const dataDir = dataDirWith((folder, name, doc) => {
    if (folder !== 'tenants' || name !== 'vela') return doc;
    doc.settings = { ...doc.settings, tagManager: { containerId: 'GTM-lower1' } };
    return doc;
  });
  await assert.rejects(startPortal(['--scheduler-interval', '0'], { dataDir }), (error) => {
    assert.match(error.message, /vela\.json/);
    assert.match(error.message, /tagManager\.containerId/);
    return true;
  });
});
