// Tournament teams (commerce §7) on the demo seed: the two fragments for the
// caller (guests count 0, cache-busting `c` accepted and never cached), the
// demo team of subscriber@example.com with two pending requests in every
// tenant, and the calls: registerTournament, sendJoinRequest,
// addInvitationResponse, markInvitationNotified.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';

let server;
before(async () => {
  server = await startPortal();
});
after(async () => server && (await server.stop()));

const data = async (res, status = 200) => {
  const text = await res.text();
  assert.equal(res.status, status, `HTTP ${res.status}: ${text}`);
  return JSON.parse(text).data;
};

async function signIn(api, email) {
  const res = await api('/login/api', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'portal-demo' }),
  });
  const token = (await data(res)).access_token;
  const auth = { Authorization: `Bearer ${token}` };
  const profile = await data(await api('/user/profile', { headers: auth }));
  // A caller: GET/POST/PATCH with the bearer and a JSON body.
  const call = (path, method = 'GET', body) => api(path, {
    method,
    headers: { ...auth, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  call.userId = profile.userId;
  return call;
}

const NOTIFICATIONS = '/structure/fragments_tournament-team-notifications/fragment/all';
const PENDING = '/structure/fragments_tournament-pending-requests/fragment/all';
const notifications = async (call, c = Date.now()) =>
  (await data(await call(`${NOTIFICATIONS}?c=${c}`))).data.customProperties.notifications;
const pending = async (call, c = Date.now()) =>
  (await data(await call(`${PENDING}?c=${c}`))).data.customProperties.pendingRequests;

test('guests get count 0; answers are never cached', async () => {
  const api = backend(server, 'aurora');
  for (const path of [NOTIFICATIONS, PENDING]) {
    const res = await api(`${path}?c=123`);
    const node = await data(res);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('etag'), null);
    assert.match(res.headers.get('vary') ?? '', /Authorization/);
    const props = node.data.customProperties;
    assert.equal((props.notifications ?? props.pendingRequests).count, 0);
    assert.equal(node.name, path.split('/')[2]);
  }
});

test('demo: the subscriber captains a team with two pending requests in every tenant', async () => {
  for (const tenant of ['aurora', 'noor', 'vela']) {
    const sam = await signIn(backend(server, tenant), 'subscriber@example.com');
    const p = await pending(sam);
    assert.equal(p.count, 2, tenant);
    assert.deepEqual(p.requests.map((r) => r.userName).sort(), ['Gale', 'Pat']);
    for (const r of p.requests) {
      assert.equal(r.teamName, "Sam's Squad");
      assert.equal(r.members, 1);
      for (const key of ['id', 'teamId', 'ingameId', 'createdAt']) assert.ok(key in r, key);
    }
    const n = await notifications(sam);
    assert.equal(n.count, 1, tenant);
    assert.equal(n.items[0].kind, 'ACCEPTED');
    assert.equal(n.items[0].teamName, "Gale's Raiders");
    for (const key of ['teamId', 'tournamentId', 'createdAt']) assert.ok(key in n.items[0], key);
    // The guest account has nothing pending for its own team (it asked to join Sam's).
    const gale = await signIn(backend(server, tenant), 'guest@example.com');
    assert.equal((await notifications(gale)).count, 0);
  }
});

test('register, join, answer, notify: the whole flow with its errors', async () => {
  const api = backend(server, 'vela');
  const sam = await signIn(api, 'subscriber@example.com');
  const gale = await signIn(api, 'guest@example.com');
  const pat = await signIn(api, 'player@example.com');

  await expectError(await api('/tournament/registerTournament/8505', { method: 'POST', body: '{}' }), 401, 'UNAUTHORIZED');
  await expectError(await pat('/tournament/registerTournament/1', 'POST', { userName: 'Pat', ingameId: 'p', teamName: 'X', provider: 'steam' }),
    404, 'TOURNAMENT_NOT_FOUND');
  const bad = await expectError(await pat('/tournament/registerTournament/8505', 'POST', { userName: 'Pat', ingameId: 'p', provider: 'steam' }),
    400, 'VALIDATION_ERROR');
  assert.equal(bad.data.field, 'teamName');

  // 8505 takes teams of three (demo customProperties.teamSize).
  const team = await data(await pat('/tournament/registerTournament/8505', 'POST',
    { userName: 'Pat', ingameId: 'pat#42', teamName: 'Night Owls', provider: 'steam' }), 201);
  assert.equal(team.tournamentId, 8505);
  assert.equal(team.name, 'Night Owls');
  assert.equal(team.captainUserId, pat.userId);
  assert.deepEqual(team.members.map((m) => [m.userId, m.role, m.ingameId]), [[pat.userId, 'CAPTAIN', 'pat#42']]);
  await expectError(await pat('/tournament/registerTournament/8505', 'POST',
    { userName: 'Pat', ingameId: 'pat#42', teamName: 'Second', provider: 'steam' }), 409, 'ALREADY_IN_TEAM');
  await expectError(await gale('/tournament/registerTournament/8505', 'POST',
    { userName: 'Gale', ingameId: 'g', teamName: 'Night Owls', provider: 'steam' }), 409, 'TEAM_NAME_TAKEN');

  await expectError(await api(`/tournament/sendJoinRequest/${team.id}`, { method: 'POST', body: '{}' }), 401, 'UNAUTHORIZED');
  await expectError(await gale('/tournament/sendJoinRequest/999999', 'POST', { userName: 'Gale', ingameId: 'g', provider: 'steam' }),
    404, 'TEAM_NOT_FOUND');
  const request = await data(await gale(`/tournament/sendJoinRequest/${team.id}`, 'POST',
    { userName: 'Gale', ingameId: 7001, provider: 'steam' }), 201);
  assert.equal(request.status, 'PENDING');
  assert.equal(request.ingameId, '7001');
  await expectError(await gale(`/tournament/sendJoinRequest/${team.id}`, 'POST',
    { userName: 'Gale', ingameId: 'g', provider: 'steam' }), 409, 'JOIN_REQUEST_PENDING');
  await expectError(await pat(`/tournament/sendJoinRequest/${team.id}`, 'POST',
    { userName: 'Pat', ingameId: 'p', provider: 'steam' }), 409, 'ALREADY_IN_TEAM');

  const forPat = await pending(pat);
  assert.equal(forPat.count, 1);
  assert.equal(forPat.requests[0].id, request.id);
  assert.equal(forPat.requests[0].members, 1);
  // Scoped to a tournament by the fragment id.
  const scoped = await data(await pat(`/structure/fragments_tournament-pending-requests/fragment/8505?c=1`));
  assert.equal(scoped.data.customProperties.pendingRequests.count, 1);
  const elsewhere = await data(await pat(`/structure/fragments_tournament-pending-requests/fragment/8501?c=1`));
  assert.equal(elsewhere.data.customProperties.pendingRequests.count, 0);

  await expectError(await gale(`/tournament/addInvitationResponse/${request.id}`, 'PATCH',
    { provider: 'steam', status: 'ACCEPTED', userId: gale.userId }), 403, 'NOT_TEAM_CAPTAIN');
  const badStatus = await expectError(await pat(`/tournament/addInvitationResponse/${request.id}`, 'PATCH',
    { provider: 'steam', status: 'MAYBE', userId: gale.userId }), 400, 'VALIDATION_ERROR');
  assert.equal(badStatus.data.field, 'status');
  await expectError(await pat('/tournament/addInvitationResponse/999999', 'PATCH',
    { provider: 'steam', status: 'ACCEPTED' }), 404, 'JOIN_REQUEST_NOT_FOUND');
  const accepted = await data(await pat(`/tournament/addInvitationResponse/${request.id}`, 'PATCH',
    { provider: 'steam', status: 'ACCEPTED', userId: gale.userId }));
  assert.equal(accepted.status, 'ACCEPTED');
  assert.equal(accepted.members, 2);
  await expectError(await pat(`/tournament/addInvitationResponse/${request.id}`, 'PATCH',
    { provider: 'steam', status: 'DECLINED', userId: gale.userId }), 409, 'REQUEST_ALREADY_ANSWERED');
  assert.equal((await pending(pat)).count, 0);

  // Gale hears about it until she marks it seen.
  const before = await notifications(gale);
  assert.equal(before.count, 1);
  assert.deepEqual([before.items[0].teamId, before.items[0].kind, before.items[0].tournamentId], [team.id, 'ACCEPTED', 8505]);
  await expectError(await api(`/tournament/markInvitationNotified?provider=steam&teamId=${team.id}`, { method: 'PATCH' }), 401, 'UNAUTHORIZED');
  await expectError(await gale('/tournament/markInvitationNotified?provider=steam&teamId=abc', 'PATCH'), 400, 'VALIDATION_ERROR');
  assert.deepEqual(await data(await gale(`/tournament/markInvitationNotified?provider=steam&teamId=${team.id}`, 'PATCH')), { updated: 1 });
  assert.equal((await notifications(gale)).count, 0);

  // 'smartlink' marks every team's notifications: the subscriber's demo one.
  assert.equal((await notifications(sam)).count, 1);
  assert.deepEqual(await data(await sam('/tournament/markInvitationNotified?provider=steam&teamId=smartlink', 'PATCH')), { updated: 1 });
  assert.equal((await notifications(sam)).count, 0);

  // Declining leaves a DECLINED notification and no member.
  const sams = await data(await sam(`/tournament/sendJoinRequest/${team.id}`, 'POST', { userName: 'Sam', ingameId: 's', provider: 'psn' }), 201);
  const declined = await data(await pat(`/tournament/addInvitationResponse/${sams.id}`, 'PATCH', { provider: 'psn', status: 'DECLINED' }));
  assert.equal(declined.status, 'DECLINED');
  assert.equal(declined.members, 2);
  const told = await notifications(sam);
  assert.deepEqual(told.items.map((i) => i.kind), ['DECLINED']);
});

test('teams are per tenant', async () => {
  const aurora = await signIn(backend(server, 'aurora'), 'subscriber@example.com');
  const teamId = (await pending(aurora)).requests[0].teamId;
  const noorGale = await signIn(backend(server, 'noor'), 'guest@example.com');
  const noorTeamId = (await pending(await signIn(backend(server, 'noor'), 'subscriber@example.com'))).requests[0].teamId;
  assert.notEqual(teamId, noorTeamId);
  await expectError(await noorGale(`/tournament/sendJoinRequest/${teamId}`, 'POST', { userName: 'G', ingameId: 'g', provider: 'steam' }),
    404, 'TEAM_NOT_FOUND');
  const requestId = (await pending(aurora)).requests[0].id;
  const noorSam = await signIn(backend(server, 'noor'), 'subscriber@example.com');
  await expectError(await noorSam(`/tournament/addInvitationResponse/${requestId}`, 'PATCH', { provider: 'steam', status: 'ACCEPTED' }),
    404, 'JOIN_REQUEST_NOT_FOUND');
});
