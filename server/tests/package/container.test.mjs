// The container images (issue 49, server/packaging/container/Containerfile, docs/operations.md "In a container"),
// built by scripts/test-container from the Debian packages on a Debian 12 base made from Debian's archive. The
// runtime image (the default target) holds no compiler, secret, demo data or source map, and refuses --seed demo
// (issue 71 items 5 and 12); the demo image (--target demo, compose.demo.yaml) is the dev stage with the demo. Run
// as an orchestrator would run them (the staff secret key and $PORTAL_ARGS in the environment, the state on a
// volume, the port published): the demo image seeds the volume, then the runtime image on that volume is healthy
// by its own health check, runs as `portal`, serves the smoke walk from outside, stops cleanly on SIGTERM, and a new
// container on the same volume finds the state. Issue 74: the runtime image is under 400 MB (only what the portal
// runs: item 7), its `portal` user has the pinned uid and gid 100:101, its media tools transcode as the portal asks
// them to, its database is 0640 (the unit's umask), it starts on a fresh volume with no tenant (ready and healthy)
// so `podman exec … portal tenant create` makes the first one (item 1), and its health check follows the port the
// portal listens on (item 12).
// PORTAL_IMAGE and PORTAL_DEMO_IMAGE name the images; without them (no container engine) the test is skipped.
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
const DEMO_IMAGE = process.env.PORTAL_DEMO_IMAGE;
const NAME = `portal-test-${process.pid}`;
const VOLUME = `${NAME}-state`;
const SECRET = 'container-test-staff-secret-key-0123456789abcdef';
const podman = async (...words) => (await execFile('podman', words, { encoding: 'utf8' })).stdout.trim();
const inside = async (image, script) =>
  (await execFile('podman', ['run', '--rm', '--entrypoint', 'sh', image, '-c', script], { encoding: 'utf8' })).stdout.trim();

after(async () => {
  if (!IMAGE) return;
  await execFile('podman', ['rm', '-f', '-t', '0', NAME]).catch(() => {});
  await execFile('podman', ['volume', 'rm', '-f', VOLUME]).catch(() => {});
});

// Runs an image as a service: detached, its port published on a free loopback port; `args` is its $PORTAL_ARGS
// (undefined: the image's own). Answers {base}.
async function start(image, args, inner = 8080) {
  await podman('run', '-d', '--name', NAME, '-p', `127.0.0.1::${inner}`, '-v', `${VOLUME}:/var/lib/portal`,
    '-e', `PORTAL_STAFF_SECRET_KEY=${SECRET}`, ...(args === undefined ? [] : ['-e', `PORTAL_ARGS=${args}`]), image);
  const port = (await podman('port', NAME, String(inner))).split(':').pop();
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

const skip = !(IMAGE && DEMO_IMAGE) && 'PORTAL_IMAGE and PORTAL_DEMO_IMAGE name images built by scripts/test-container';

test('the runtime image holds only what runs: no compiler, secret, demo data or source map; it refuses --seed demo', { skip }, async () => {
  const absent = await inside(IMAGE, 'for t in g++ cmake node npm; do command -v $t; done; test -e /etc/portal/portal.env && echo portal.env; ' +
    'ls -d /usr/share/portal/data/tenants /usr/share/portal/data/users /usr/share/portal/data/catalog 2>/dev/null; ' +
    "find /usr/share/portal \\( -name '*.map' -o -name '*.map.gz' -o -name '*.map.br' \\); ls /tmp/package 2>/dev/null; " +
    "dpkg-query -W -f='${Status}' portal-demo 2>/dev/null | grep -q ' installed$' && echo portal-demo installed; true");
  assert.equal(absent, '', 'the runtime image holds none of these');
  assert.ok((await inside(IMAGE, 'ls /usr/share/portal/data/templates/structures')).includes('home.json'), 'the structure templates are there');
  // The old compose recipe's first portal: --seed demo in the prod stage of the image's portal.json.
  const refused = await execFile('podman', ['run', '--rm', '-e', `PORTAL_STAFF_SECRET_KEY=${SECRET}`, '-e', 'PORTAL_ARGS=--seed demo', IMAGE], { encoding: 'utf8' })
    .then(() => assert.fail('the runtime image started with --seed demo'), (e) => e);
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /--seed demo is refused outside the dev stage \(stage 'prod'\)/);
});

test('the runtime image is under 400 MB, its portal user is 100:101, and its media tools make what the portal asks of them (items 7, 12)', { skip }, async () => {
  const size = Number(await podman('image', 'inspect', IMAGE, '--format', '{{.Size}}'));
  assert.ok(size < 400e6, `the image is ${Math.round(size / 1e6)} MB`);
  assert.equal(await inside(IMAGE, 'id'), 'uid=100(portal) gid=101(portal) groups=101(portal)');
  // What the media jobs run (domains/media/media_work.cpp): an HLS ladder with x264 and AAC, an MP3, a probe and
  // a WebP, as the portal user, in a folder of its own.
  const made = await inside(IMAGE, 'set -e; cd /tmp; ' +
    'ffmpeg -v error -f lavfi -i testsrc=size=320x240:rate=25:duration=2 -f lavfi -i sine=duration=2 -c:v libx264 -preset superfast ' +
    '-pix_fmt yuv420p -c:a aac -b:a 96k -f hls -hls_time 1 -hls_playlist_type vod v.m3u8; ' +
    'ffmpeg -v error -f lavfi -i sine=duration=1 -ac 2 -ar 44100 -c:a libmp3lame -b:a 96k a.mp3; ' +
    'ffmpeg -v error -f lavfi -i testsrc=size=64x64 -frames:v 1 p.png; cwebp -quiet -q 80 -m 2 p.png -o p.webp; ' +
    'ffprobe -v error -show_entries format=format_name -of csv=p=0 a.mp3; ls v.m3u8 p.webp');
  assert.equal(made, 'mp3\np.webp\nv.m3u8');
});

test('on a fresh volume the runtime image starts with no tenant, healthy on the port it listens on; the first tenant is made by podman exec (items 1, 12)', { skip }, async () => {
  await podman('volume', 'rm', '-f', VOLUME).catch(() => {});
  const server = await start(IMAGE, '--port 8181', 8181);
  const ready = await (await fetch(`${server.base}/readyz`)).json();
  assert.equal(ready.tenants, 0);
  await podman('healthcheck', 'run', NAME);  // on 8181: the port file, not a port written into the image
  assert.equal((await fetch(`${server.base}/`)).status, 503, 'the page that says how to make the first tenant');
  assert.match(await podman('exec', NAME, '/usr/bin/portal', 'tenant', 'create', 'acme', '--host', 'acme.localhost',
    '--public-origin', 'https://acme.example', '--config', '/etc/portal/portal.json', '--log-level', 'warn'), /created tenant acme/);
  let status = 0;
  for (let i = 0; i < 100 && status !== 200; i++) {
    status = (await fetch(`${server.base}/en`, { headers: { Host: 'acme.localhost' } })).status;
    if (status !== 200) await sleep(100);
  }
  assert.equal(status, 200, 'served without a restart');
  assert.equal(await podman('exec', NAME, 'stat', '-c', '%U:%G %a', '/var/lib/portal/portal.db'), 'portal:portal 640');
  await stop();
  await podman('volume', 'rm', '-f', VOLUME);
});

test('the demo image is the dev stage with the demo, labelled as not for production', { skip }, async () => {
  assert.ok((await inside(DEMO_IMAGE, 'ls /usr/share/portal/data/users')).includes('demo.json'));
  const config = JSON.parse(await podman('image', 'inspect', DEMO_IMAGE, '--format', '{{json .Config}}'));
  assert.ok(config.Env.includes('PORTAL_ARGS=--stage dev --seed demo'), JSON.stringify(config.Env));
  assert.match(config.Labels['org.opencontainers.image.title'], /not for production/);
});

test('seeded by the demo image, the runtime image runs as its user, is healthy, serves the smoke walk, and keeps its state on the volume', { skip }, async () => {
  await start(DEMO_IMAGE, undefined);
  assert.match(await podman('logs', NAME), /Demo staff/, 'the demo image seeded the demo in the dev stage');
  await stop();

  const server = await start(IMAGE, '');
  assert.equal(await podman('exec', NAME, 'id', '-un'), 'portal');
  await podman('healthcheck', 'run', NAME);  // fails (exit 1, "unhealthy") unless /readyz answers 200 inside
  assert.doesNotMatch(await podman('logs', NAME), /Demo staff|Demo accounts/, 'the runtime image seeds and prints no demo');
  await smoke(server, (words) => execFileSync('podman', ['exec', NAME, '/usr/bin/portal', ...words, '--config', '/etc/portal/portal.json', '--log-level', 'warn'], { encoding: 'utf8' }));
  await stop();

  // A new container on the same volume: the subscription paid in the walk is still there.
  const again = await start(IMAGE, '');
  const { access_token: guest } = await loginApi(backend(again, 'aurora'), GUEST);
  const subs = await mySubscriptions(client(again, 'aurora'), guest);
  assert.ok(subs.some((s) => s.typeId === 201 && s.state === 'ACTIVE'), JSON.stringify(subs));
  await stop();
});
