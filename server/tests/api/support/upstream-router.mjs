// The upstream of the one Prism validation proxy a run shares (scripts/test-api-prism):
// each call carries the port of the portal it is for in `x-portal-test-upstream`
// (backend() in server.mjs adds it), and goes on to that portal as if Prism had
// called it directly. One Prism for the whole run instead of one per portal: a
// Prism start reads the whole OpenAPI document, seconds of CPU each.
//   node upstream-router.mjs PORT_FILE
import http from 'node:http';
import { writeFileSync, renameSync } from 'node:fs';
import { UPSTREAM_HEADER } from './upstream.mjs';

const server = http.createServer((request, response) => {
  const port = Number(request.headers[UPSTREAM_HEADER]);
  if (!Number.isInteger(port) || port <= 0) {
    response.writeHead(502, { 'content-type': 'text/plain' }).end(`no ${UPSTREAM_HEADER} port on ${request.url}\n`);
    return;
  }
  const headers = { ...request.headers, host: `127.0.0.1:${port}` };
  delete headers[UPSTREAM_HEADER];
  // A connection of its own per call (agent: false): a kept one the portal closes as idle could meet
  // the next call.
  const onward = http.request({ host: '127.0.0.1', port, method: request.method, path: request.url, headers, agent: false }, (answer) => {
    response.writeHead(answer.statusCode, answer.rawHeaders);
    answer.pipe(response);
  });
  // A portal that dies mid-call (the crash tests kill it) drops Prism's connection, as it would have
  // dropped a connection of Prism's own.
  onward.on('error', () => request.socket.destroy());
  request.pipe(onward);
});
// Prism keeps its connections to the router: never closed as idle under it during a run.
server.keepAliveTimeout = 0;
server.requestTimeout = 0;
server.listen(0, '127.0.0.1', () => {
  const file = process.argv[2];
  writeFileSync(`${file}.partial`, `${server.address().port}\n`);
  renameSync(`${file}.partial`, file);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
