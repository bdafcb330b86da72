// The global settings' areas header, footer, cookies and images (issue 72 item 6; docs/tenants.md "The areas header,
// footer, cookies and images"): what the console accepts changes the storefront, and what the storefront could not
// honour is refused with its field. The header's and footer's structures are embedded in every page's payload under
// their names and drawn by the first view's rules; a structure the settings name is not deleted or renamed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, expectError, rawRequest, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let server, owner;
before(async () => {
  server = await startPortal();
  owner = (await staffLogin(backend(server, 'aurora'), demoStaff(server.output())['owner@example.com aurora'])).token;
});
after(async () => server && (await server.stop()));

const aurora = (path, init = {}) => backend(server, 'aurora')(path, { ...init, headers: { ...staffBearer(owner).headers, ...init.headers } });
const settings = async () => (await (await aurora('/admin/settings')).json()).data;
const put = (body) => aurora('/admin/settings', json(body, {}, 'PUT'));
const page = (path) => rawRequest(server, { path, headers: { Host: 'localhost', 'Accept-Language': 'en' } });
const payloadOf = (html) => JSON.parse(/<script id="__PORTAL_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html)[1]);

async function eventually(read, ok, what) {
  let value;
  for (let i = 0; i < 50; i++) {
    value = await read();
    if (ok(value)) return value;
    await new Promise((done) => setTimeout(done, 200));
  }
  assert.fail(`${what}: still not so`);
}

test('malformed areas are refused with their field, and nothing is saved', async () => {
  const before = await settings();
  const refused = async (areas, field) => {
    const e = await expectError(await put({ ...before, settings: { ...before.settings, ...areas } }), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, field, JSON.stringify(areas));
  };
  await refused({ footer: { structure: '../home' } }, 'settings.footer.structure');
  await refused({ footer: { structure: 'no-such-structure' } }, 'settings.footer.structure');
  await refused({ header: { structure: 'Header' } }, 'settings.header.structure');
  await refused({ header: { structure: 'header', logo: 'javascript:alert(1)' } }, 'settings.header.logo');
  await refused({ cookies: { consentCookie: 'consent; Domain=evil.example' } }, 'settings.cookies.consentCookie');
  await refused({ cookies: { consentCookie: 'user_token' } }, 'settings.cookies.consentCookie');
  await refused({ cookies: { consentCookie: 'both', enabledCookie: 'both' } }, 'settings.cookies.enabledCookie');
  await refused({ images: { logo: '/media/art/aurora-logo.svg', placeholder: 'javascript:alert(1)' } }, 'settings.images.placeholder');
  assert.equal((await settings()).version, before.version, 'nothing was written');
});

test('the footer and header show the structures the settings name, in every page’s first answer', async () => {
  for (const slug of ['footer-winter', 'top-bar']) {
    const made = await aurora('/admin/structures', json({ kind: 'section', slug, title: { en: slug } }));
    assert.equal(made.status, 201, await made.clone().text());
  }
  const before = await settings();
  const res = await put({ ...before, settings: { ...before.settings, footer: { structure: 'footer-winter' }, header: { ...before.settings.header, structure: 'top-bar' } } });
  assert.equal(res.status, 200, await res.clone().text());
  const home = await eventually(() => page('/'), (r) => 'footer-winter' in payloadOf(r.body).page.data.structures, 'the named footer');
  const { structures } = payloadOf(home.body).page.data;
  assert.deepEqual(Object.keys(structures).sort(), ['footer-winter', 'home', 'top-bar']);
  assert.equal(structures['footer-winter'].name, 'footer-winter');
  assert.equal(payloadOf(home.body).globalSettings.footer.structure, 'footer-winter', 'the client reads the same name');
  // The home page's hero is still drawn first (the header's structure is not the page's own).
  assert.match(home.body, /<div[^>]*data-first-view>/);
  assert.match(home.body, /<link rel="preload" as="image" href="[^"]+" fetchpriority="high">/);
  const tracks = payloadOf((await page('/music/tracks')).body).page.data.structures;
  assert.deepEqual(Object.keys(tracks).sort(), ['footer-winter', 'top-bar']);

  // While the settings name it, it is neither deleted nor renamed.
  await expectError(await aurora('/admin/structures/footer-winter', { method: 'DELETE' }), 409, 'STRUCTURE_REQUIRED');
  await expectError(await aurora('/admin/structures/top-bar/rename', json({ slug: 'other-bar' })), 409, 'STRUCTURE_REQUIRED');

  // Back to the defaults: the structures "header" and "footer" again, and the named ones may go.
  const now = await settings();
  const { structure: _footer, ...footer } = now.settings.footer;
  const back = await put({ ...now, settings: { ...now.settings, footer, header: { ...now.settings.header, structure: 'header' } } });
  assert.equal(back.status, 200, await back.clone().text());
  const again = await eventually(() => page('/'), (r) => 'footer' in payloadOf(r.body).page.data.structures, 'the default footer');
  assert.deepEqual(Object.keys(payloadOf(again.body).page.data.structures).sort(), ['footer', 'header', 'home']);
  assert.equal((await aurora('/admin/structures/footer-winter', { method: 'DELETE' })).status, 200);
});

test('cookie names and the placeholder image reach the storefront as written', async () => {
  const before = await settings();
  const cookies = { consentCookie: 'aurora_consent', enabledCookie: 'aurora_cookies' };
  const images = { ...before.settings.images, placeholder: '/media/art/aurora-hero-2.svg' };
  const res = await put({ ...before, settings: { ...before.settings, cookies, images } });
  assert.equal(res.status, 200, await res.clone().text());
  const home = await eventually(() => page('/'), (r) => payloadOf(r.body).globalSettings.cookies?.consentCookie === 'aurora_consent', 'the cookie names');
  const { globalSettings } = payloadOf(home.body);
  assert.deepEqual(globalSettings.cookies, cookies);
  assert.equal(globalSettings.images.placeholder, '/media/art/aurora-hero-2.svg');
  const structure = await (await backend(server, 'aurora')('/structure/configurations?lang=en')).json();
  assert.deepEqual(structure.data.data.customProperties.cookies, cookies);
});
