// The container image (issue 49, server/packaging/container/Containerfile, docs/operations.md "In a container"),
// built by scripts/test-container from the Debian package on a Debian 12 base made from Debian's archive. Run as
// an orchestrator would run it (the staff secret key and $PORTAL_ARGS in the environment, the state on a
// volume, the port published), it is healthy by its own health check, runs as `portal`, serves the smoke walk
// from outside, stops cleanly on SIGTERM, and a new container on the same volume finds the state.
// PORTAL_IMAGE names the image; without it (no container engine) the test is skipped.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile as execFileCb, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { GUEST, loginApi } from '../api/identity/flow.mjs';
import { backend } from '../api/support/server.mjs';
import { client, mySubscriptions } from '../api/subscriptions/support.mjs';
import { smoke } from './smoke.mjs';

const execFile = promisify(execFileCb);
const IMAGE = process.env.PORTAL_IMAGE;
const NAME = `portal-test-${process.pid}`;
const VOLUME = `${NAME}-state`;
const SECRET = 'container-test-staff-secret-key-0123456789abcdef';
const podman = async (...words) => (await execFile('podman', words, { encoding: 'utf8' })).stdout.trim();

after(async () => {
  if (!IMAGE) return;
  await execFile('podman', ['rm', '-f', '-t', '0', NAME]).catch(() => {});
  await execFile('podman', ['volume', 'rm', '-f', VOLUME]).catch(() => {});
});

// Runs the image as a service: detached, its port published on a free loopback port. Answers {base}.
async function start(args) {
  await podman('run', '-d', '--name', NAME, '-p', '127.0.0.1::8080', '-v', `${VOLUME}:/var/lib/portal`,
    '-e', `PORTAL_STAFF_SECRET_KEY=${SECRET}`, '-e', `PORTAL_ARGS=${args}`, IMAGE);
  const port = (await podman('port', NAME, '8080')).split(':').pop();
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) return { base };
    const state = await podman('inspect', NAME, '--format', '{{.State.Status}}');
    if (state !== 'running') assert.fail(`the container stopped (${state}):\n${await podman('logs', NAME)}`);
    await sleep(100);
  }
  assert.fail(`not ready within a minute:\n${await podman('logs', NAME)}`);
}

// SIGTERM (the image's stop signal) drains and exits 0; the container is removed, the volume stays.
async function stop() {
  await podman('stop', '-t', '30', NAME);
  assert.equal(await podman('inspect', NAME, '--format', '{{.State.ExitCode}}'), '0', await podman('logs', NAME));
  await podman('rm', NAME);
}

test('the image runs as its user, is healthy, serves the smoke walk, and keeps its state on the volume', { skip: !IMAGE && 'PORTAL_IMAGE names an image built by scripts/test-container' }, async () => {
  // Only what runs: no compilers or Node.js in the runtime image, and no secret baked into it.
  const absent = await execFile('podman', ['run', '--rm', '--entrypoint', 'sh', IMAGE, '-c',
    'for t in g++ cmake node npm; do command -v $t; done; test -e /etc/portal/portal.env && echo portal.env; true'], { encoding: 'utf8' });
  assert.equal(absent.stdout.trim(), '', 'the runtime image holds none of these');

  const server = await start('--seed demo');
  assert.equal(await podman('exec', NAME, 'id', '-un'), 'portal');
  await podman('healthcheck', 'run', NAME);  // fails (exit 1, "unhealthy") unless /readyz answers 200 inside
  await smoke(server, (words) => execFileSync('podman', ['exec', NAME, '/usr/bin/portal', ...words, '--config', '/etc/portal/portal.json', '--log-level', 'warn'], { encoding: 'utf8' }));
  await stop();

  // A new container on the same volume, without the seed: the subscription paid in the walk is still there.
  const again = await start('');
  const { access_token: guest } = await loginApi(backend(again, 'aurora'), GUEST);
  const subs = await mySubscriptions(client(again, 'aurora'), guest);
  assert.ok(subs.some((s) => s.typeId === 201 && s.state === 'ACTIVE'), JSON.stringify(subs));
  await stop();
});
