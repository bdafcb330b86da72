// Starts the built portal on a fresh demo database in a folder of its own, on a free port
// (bench/lighthouse, bench/start-trace, bench/media-stream.mjs); `args` are added to its options. Resolves to
// { child, port }.
'use strict';

const { spawn } = require('node:child_process');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

async function startPortal({ root, portal, webRoot, dir, fail, args = [], env = process.env }) {
  if (!existsSync(portal)) fail(`no portal binary at ${portal} (make build)`);
  if (!existsSync(path.join(webRoot, 'index.html'))) fail(`no client build at ${webRoot} (make build)`);
  const portFile = path.join(dir, 'port');
  const child = spawn(
    portal,
    ['--port', '0', '--address', '127.0.0.1', '--port-file', portFile, '--database', path.join(dir, 'portal.db'), '--seed', 'demo', '--log-level', 'warn', '--web-root', webRoot, ...args],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  for (let i = 0; i < 300; i += 1) {
    if (existsSync(portFile) && readFileSync(portFile, 'utf8').trim()) return { child, port: Number(readFileSync(portFile, 'utf8').trim()) };
    if (child.exitCode !== null) fail(`the portal exited (${child.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  return fail('the portal did not start within 30 s');
}

module.exports = { startPortal };
