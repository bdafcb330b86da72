// Parental control (issue 16; commerce §3, §5, §7, §9): the account calls, the
// password lock-out kept in the database, the mailed reset code (single use,
// expiring), and the max-rating matrix: every article path for a child profile
// (parental control on at 12+) and an adult one. The child never sees, opens
// or plays an 18+ item, a maxRating query above the limit is lowered to it,
// and details answer 404 with the reason the error page shows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, data, PASSWORD } from '../subscriptions/support.mjs';

const ADULT_FILM = 3103; // full_length_video "Crimson Protocol", rated 40
const ADULT_TRACK = 20036; // full_track_music "Sweet Escape", rated 40
const ADULT_GAME = 4517; // game "Trail Bikes", rated 40
const KIDS_LIMIT = 20;

let server, aurora;

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
});
after(async () => {
  if (server) await server.stop();
});

const put = (token, body) => aurora('/parental-control', { method: 'PUT', token, body });
const verify = (token, password) =>
  aurora('/parental-control/verify/parentalpassword', { method: 'POST', token, body: { password } });

// The parental-control mails to `email` (newest first): not the link that confirmed the registration.
async function outbox(tenant, email) {
  const res = await fetch(`${server.base}/backend/dev/outbox/${tenant}`, { headers: { accept: 'application/json' } });
  assert.equal(res.status, 200);
  const body = await res.json();
  const mails = Array.isArray(body) ? body : body.data;
  return mails.filter((m) => m.to === email && !m.body.includes('/backend/register/confirm/'));
}

async function mailedCode(email) {
  const mails = await outbox('aurora', email);
  const mail = mails[mails.length - 1];
  assert.ok(mail, `a mail went to ${email}`);
  const code = /\b(\d{8})\b/.exec(mail.body)?.[1];
  assert.ok(code, 'the mail names an 8-digit code');
  return code;
}

// Every number under a "rating" key in an answer.
function ratings(value, out = []) {
  if (Array.isArray(value)) for (const v of value) ratings(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'rating' && typeof v === 'number') out.push(v);
      else ratings(v, out);
    }
  return out;
}
const ids = (list) => list.map((a) => a.id);

async function childAndAdult() {
  const adult = await newUser(server, 'aurora');
  const child = await newUser(server, 'aurora');
  const on = await data(await put(child.token, { password: '2468', maxAgeGroup: KIDS_LIMIT, isActive: true }));
  assert.deepEqual(
    { hasPassword: on.hasPassword, maxAgeGroup: on.maxAgeGroup, isActive: on.isActive, maxRating: on.maxRating },
    { hasPassword: true, maxAgeGroup: KIDS_LIMIT, isActive: true, maxRating: KIDS_LIMIT },
  );
  return { adult, child };
}

test('account: a guest reads an empty one; set up needs a password and a grading level; changes need the current password', async () => {
  const guest = await data(await aurora('/parental-control'));
  assert.equal(guest.hasPassword, false);
  assert.equal(guest.isActive, false);
  assert.equal(guest.maxRating, 60, 'the tenant maxRating');
  await expectError(await put(undefined, { password: '1234', maxAgeGroup: 20 }), 401, 'UNAUTHORIZED');

  const { token } = await newUser(server, 'aurora');
  const fresh = await data(await aurora('/parental-control', { token }));
  assert.equal(fresh.hasPassword, false);
  assert.ok(!('password' in fresh), 'the password is never answered');
  let e = await expectError(await put(token, { maxAgeGroup: 20 }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'password');
  e = await expectError(await put(token, { password: '12', maxAgeGroup: 20 }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'password');
  e = await expectError(await put(token, { password: '1234', maxAgeGroup: 25 }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'maxAgeGroup');
  const saved = await data(await put(token, { password: '1234', maxAgeGroup: 10, isActive: true }));
  assert.equal(saved.maxRating, 10);

  // A child cannot turn it off without the parental password.
  e = await expectError(await put(token, { isActive: false }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'currentPassword');
  e = await expectError(await put(token, { isActive: false, currentPassword: '9999' }), 403, 'PARENTAL_PASSWORD_WRONG');
  assert.equal(e.data.field, 'currentPassword');
  assert.equal((await data(await aurora('/parental-control', { token }))).isActive, true);
  const off = await data(await put(token, { isActive: false, currentPassword: '1234' }));
  assert.equal(off.isActive, false);
  assert.equal(off.maxRating, 60);
  assert.equal((await data(await verify(token, '1234'))).verified, true);
});

test('verify: five wrong passwords lock the check (429 with Retry-After), also for the right one, until the lock ends', async () => {
  const { email, token: first } = await newUser(server, 'aurora');
  let token = first;
  await expectError(await verify(token, '1234'), 404, 'PARENTAL_CONTROL_NOT_FOUND');
  await data(await put(token, { password: '1234', maxAgeGroup: 20, isActive: true }));
  for (let i = 1; i <= 4; i++) {
    const e = await expectError(await verify(token, 'wrong'), 403, 'PARENTAL_PASSWORD_WRONG');
    assert.equal(e.data.attemptsLeft, 5 - i);
  }
  await expectError(await verify(token, 'wrong'), 403, 'PARENTAL_PASSWORD_WRONG');
  const locked = await verify(token, '1234');
  assert.equal(locked.status, 429);
  assert.ok(Number(locked.headers.get('retry-after')) > 0);
  const body = await expectError(locked, 429, 'TOO_MANY_ATTEMPTS');
  assert.ok(body.data.retryAfter > 0);
  // Parallel guesses while locked are all refused.
  const burst = await Promise.all(Array.from({ length: 6 }, () => verify(token, '1234')));
  assert.deepEqual(burst.map((r) => r.status), Array(6).fill(429));
  assert.ok((await data(await aurora('/parental-control', { token }))).lockedUntil);
  // 16 minutes later (dev clock) the right password works and clears the count.
  await data(await aurora('/dev/clock', { method: 'POST', body: { advanceSeconds: 16 * 60 } }));
  token = await aurora.login(email, PASSWORD); // the access token of 16 minutes ago has expired
  assert.equal((await data(await verify(token, '1234'))).verified, true);
  const e = await expectError(await verify(token, 'wrong'), 403, 'PARENTAL_PASSWORD_WRONG');
  assert.equal(e.data.attemptsLeft, 4);
});

test('reset: a mailed code sets a new password once; a used, wrong or expired code is refused', async () => {
  const { email, token } = await newUser(server, 'aurora');
  await expectError(await aurora('/parental-control/sendEmail', { method: 'POST', token, body: {} }), 404, 'PARENTAL_CONTROL_NOT_FOUND');
  await data(await put(token, { password: '1234', maxAgeGroup: 20, isActive: true }));
  const sent = await data(await aurora('/parental-control/sendEmail', { method: 'POST', token, body: { sendGridConfig: {} } }));
  assert.equal(sent.sent, true);
  assert.equal(sent.expiresInSeconds, 900);
  assert.ok(sent.recipient.endsWith('@example.com') && sent.recipient.includes('***'));
  const code = await mailedCode(email);
  const reset = (randomCode, password) =>
    aurora('/parental-control/resetPasscode', { method: 'POST', token, body: { randomCode, password } });
  let e = await expectError(await reset('00000000', '5678'), 400, 'RESET_CODE_INVALID');
  assert.equal(e.data.field, 'randomCode');
  e = await expectError(await reset(code, '5'), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'password');
  const done = await data(await reset(code, '5678'));
  assert.equal(done.isActive, true, 'the settings stay');
  assert.equal((await data(await verify(token, '5678'))).verified, true);
  await expectError(await verify(token, '1234'), 403, 'PARENTAL_PASSWORD_WRONG');
  // Single use.
  await expectError(await reset(code, '9999'), 400, 'RESET_CODE_INVALID');
  assert.equal((await data(await verify(token, '5678'))).verified, true);
});

test('reset: a code expires after 15 minutes, and a newer code retires the older one', async () => {
  const { email, token: first } = await newUser(server, 'aurora');
  let token = first;
  await data(await put(token, { password: '1234', maxAgeGroup: 20, isActive: true }));
  const send = () => aurora('/parental-control/sendEmail', { method: 'POST', token, body: {}, headers: { 'accept-language': 'de' } });
  await data(await send());
  const firstCode = await mailedCode(email);
  const [german] = await outbox('aurora', email);
  assert.equal(german.subject, 'Ihr Jugendschutz-Code', 'the mail is in the caller\'s language');
  assert.ok(german.body.includes(firstCode));
  await data(await send());
  const mails = await outbox('aurora', email);
  assert.equal(mails.length, 2);
  const codes = mails.map((m) => /\b(\d{8})\b/.exec(m.body)[1]);
  const second = codes.find((c) => c !== firstCode) ?? firstCode;
  const reset = (randomCode) =>
    aurora('/parental-control/resetPasscode', { method: 'POST', token, body: { randomCode, password: '4321' } });
  if (firstCode !== second) await expectError(await reset(firstCode), 400, 'RESET_CODE_INVALID');
  await data(await aurora('/dev/clock', { method: 'POST', body: { advanceSeconds: 16 * 60 } }));
  token = await aurora.login(email, PASSWORD);
  await expectError(await reset(second), 400, 'RESET_CODE_INVALID');
  assert.equal((await data(await verify(token, '1234'))).verified, true, 'the old password still works');
  // Three mails an hour at most.
  await data(await send());
  await expectError(await send(), 429, 'TOO_MANY_REQUESTS');
});

test('reset: the code goes to the verified address, never to one an e-mail change waits for', async () => {
  const { email, token } = await newUser(server, 'aurora');
  await data(await put(token, { password: '1234', maxAgeGroup: 10, isActive: true }));
  const profile = (body) => aurora('/user/profile', { method: 'PUT', token, body: { name: 'Kid', lastName: 'User', ...body } });
  // The signed-in child cannot move the account to its own address with the token alone...
  await expectError(await profile({ email: 'kid@example.com' }), 400, 'VALIDATION_ERROR');
  await expectError(await profile({ email: 'kid@example.com', currentPassword: 'guess-guess' }), 403, 'CURRENT_PASSWORD_WRONG');
  // ...and an address waiting for its link (here asked with the right password) gets no code.
  const pending = await data(await profile({ email: 'kid@example.com', currentPassword: PASSWORD }));
  assert.equal(pending.email, email);
  assert.equal(pending.pendingEmail, 'kid@example.com');
  const sent = await data(await aurora('/parental-control/sendEmail', { method: 'POST', token, body: {} }));
  assert.equal(sent.recipient, `${email[0]}***@example.com`);
  const codes = (await outbox('aurora', email)).filter((m) => /\b\d{8}\b/.test(m.body));
  assert.equal(codes.length, 1, 'the code went to the verified address');
  const toKid = (await outbox('aurora', 'kid@example.com')).filter((m) => /\b\d{8}\b/.test(m.body));
  assert.equal(toKid.length, 0, 'no reset code to the unverified address');
});

test('matrix: lists, search and categories leave out what is above the child\'s limit; maxRating above it is lowered', async () => {
  const { adult, child } = await childAndAdult();
  const list = (token, q = '') => aurora(`/catalog/articles?contentType=full_length_video&limit=50${q}`, { token });
  const adultList = await data(await list(adult.token));
  assert.ok(ids(adultList.entries ?? adultList).includes(ADULT_FILM));
  for (const q of ['', '&maxRating=1000', '&maxRating=60&minRating=0']) {
    const childList = await data(await list(child.token, q));
    const entries = childList.entries ?? childList;
    assert.ok(!ids(entries).includes(ADULT_FILM), `list${q}`);
    assert.ok(ratings(entries).every((r) => r <= KIDS_LIMIT), `list${q}`);
  }
  const search = async (token, q = '') => {
    const page = await data(await aurora(`/search?q=Crimson%20Protocol&limit=50${q}`, { token }));
    return page.entries ?? page;
  };
  assert.ok(ids(await search(adult.token)).includes(ADULT_FILM));
  assert.ok(!ids(await search(child.token)).includes(ADULT_FILM));
  assert.ok(!ids(await search(child.token, '&maxRating=1000')).includes(ADULT_FILM));
  assert.ok(ratings(await search(child.token, '&maxRating=1000')).every((r) => r <= KIDS_LIMIT));
  // Signed-in answers are revalidated every time (the limit may change).
  const res = await list(child.token);
  assert.match(res.headers.get('cache-control'), /no-cache/);
  assert.match(res.headers.get('vary') ?? '', /Authorization/i);
});

test('matrix: details and fragments answer 404 with the parental reason for the child, 200 for the adult', async () => {
  const { adult, child } = await childAndAdult();
  for (const path of [`/catalog/articles/${ADULT_FILM}`, `/structure/fragments_get-article-details/fragment/${ADULT_FILM}`]) {
    assert.equal((await aurora(path, { token: adult.token })).status, 200, path);
    for (const q of ['', '?maxRating=1000']) {
      const e = await expectError(await aurora(path + q, { token: child.token }), 404, 'ARTICLE_NOT_FOUND');
      assert.equal(e.data.reason, 'RATING_LIMIT', path + q);
      assert.equal(e.data.maxRating, KIDS_LIMIT);
    }
  }
  // An album the child may open lists none of its 18+ tracks.
  const details = await data(await aurora('/catalog/articles/2102', { token: child.token }));
  assert.ok(ratings(details).every((r) => r <= KIDS_LIMIT));
});

test('matrix: structures follow the user\'s limit and are never shared with an adult\'s cached answer', async () => {
  const { adult, child } = await childAndAdult();
  const adultHome = await data(await aurora('/structure/home', { token: adult.token }));
  const childHome = await data(await aurora('/structure/home', { token: child.token }));
  const childAgain = await data(await aurora('/structure/home?maxRating=1000', { token: child.token }));
  assert.ok(ratings(childHome).every((r) => r <= KIDS_LIMIT));
  assert.ok(ratings(childAgain).every((r) => r <= KIDS_LIMIT));
  if (ratings(adultHome).some((r) => r > KIDS_LIMIT)) assert.notDeepEqual(adultHome, childHome);
  const res = await aurora('/structure/home', { token: child.token });
  assert.match(res.headers.get('cache-control'), /no-cache/);
});

test('matrix: media and song URLs, downloads and purchase options are refused above the limit', async () => {
  const { adult, child } = await childAndAdult();
  const calls = [
    ['video', (t) => aurora('/video/streaming', { method: 'POST', token: t, body: { id: ADULT_FILM, protocol: 'hls' } })],
    ['song', (t) => aurora('/song', { method: 'POST', token: t, body: { id: ADULT_TRACK, protocol: 'https' } })],
    ['media', (t) => aurora(`/media/${ADULT_TRACK}`, { token: t })],
    ['download', (t) => aurora('/game/download', { method: 'POST', token: t, body: { articleId: ADULT_GAME, distributionChannel: 'WEB', deviceId: 'web' } })],
    ['purchase options', (t) => aurora(`/purchase/ArticlePurchaseOptions/${ADULT_FILM}`, { token: t })],
    ['like', (t) => aurora(`/like/videos/${ADULT_FILM}`, { method: 'POST', token: t })],
    ['rating', (t) => aurora(`/rating/user/article/${ADULT_FILM}`, { token: t })],
  ];
  for (const [name, call] of calls) {
    assert.notEqual((await call(adult.token)).status, 404, `${name}: the adult reaches it`);
    const e = await expectError(await call(child.token), 404, 'ARTICLE_NOT_FOUND');
    // Details and media name the reason (the error page's parental note).
    if (!['like', 'rating'].includes(name)) assert.equal(e.data?.reason, 'RATING_LIMIT', name);
  }
});

test('matrix: likes and play history kept before parental control was on hide the 18+ items', async () => {
  const { token } = await newUser(server, 'aurora');
  await data(await aurora(`/like/videos/${ADULT_FILM}`, { method: 'POST', token }));
  await data(await aurora(`/user/history/PLAY/${ADULT_FILM}`, { method: 'POST', token, body: { contentType: 'full_length_video' } }), 201);
  assert.ok(ids((await data(await aurora('/like/videos', { token }))).map((e) => e.article ?? e)).includes(ADULT_FILM));
  const historyIds = async () => (await data(await aurora('/user/history/PLAY', { token }))).map((e) => e.articleId ?? e.id ?? e.article?.id);
  assert.ok((await historyIds()).includes(ADULT_FILM));
  await data(await put(token, { password: '2468', maxAgeGroup: KIDS_LIMIT, isActive: true }));
  assert.ok(!ids((await data(await aurora('/like/videos', { token }))).map((e) => e.article ?? e)).includes(ADULT_FILM));
  assert.ok(!(await historyIds()).includes(ADULT_FILM));
  assert.equal(await data(await aurora(`/user/history/PLAY/${ADULT_FILM}`, { token })), null);
  // Off again (with the password): back.
  await data(await put(token, { isActive: false, currentPassword: '2468' }));
  assert.ok((await historyIds()).includes(ADULT_FILM));
  assert.equal((await data(await aurora(`/user/history/PLAY/${ADULT_FILM}`, { token }))).articleId, ADULT_FILM);
});

test('page shell: a child profile\'s first paint and payloads carry no kept structures or lists', async () => {
  // The portal face at 127.0.0.1 is the default tenant, noor.
  const noor = client(server, 'noor');
  const child = await newUser(server, 'noor');
  const adult = await newUser(server, 'noor');
  await data(await noor('/parental-control', { method: 'PUT', token: child.token, body: { password: '2468', maxAgeGroup: 20, isActive: true } }));
  const payload = async (token) => {
    const res = await fetch(`${server.base}/_payload/index.json`, {
      headers: { cookie: `user_token=${token}` },
    });
    return { status: res.status, cache: res.headers.get('cache-control'), body: await res.json() };
  };
  const c = await payload(child.token);
  assert.equal(c.status, 200);
  assert.match(c.cache, /no-store/);
  assert.deepEqual(c.body.data, {});
  const a = await payload(adult.token);
  assert.ok(a.body.data.structures, 'an adult gets the kept data');
  // The first paint's page data: no structures for the child.
  const shell = async (token) => (await fetch(`${server.base}/`, { headers: { cookie: `user_token=${token}` } })).text();
  assert.ok(!(await shell(child.token)).includes('"structures":{"'));
  assert.ok((await shell(adult.token)).includes('"structures":{"'));
});
