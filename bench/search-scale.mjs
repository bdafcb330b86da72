// The client of bench/search-scale: node bench/search-scale.mjs URL REQUESTS CONCURRENCY PID
// Times the first search (it builds the tenant's index), warms up with the whole mix, prints the portal's RSS, then
// sends REQUESTS of each query with CONCURRENCY in flight over kept-alive connections and prints p50/p99 per query
// and over the whole mix, and the RSS again. The mix: exact words, prefixes, typos, each of the six languages and
// Arabic script (the words are the demo catalog's, in every copy of the scaled one).
import fs from 'node:fs';
import http from 'node:http';

const [url, requestsArg, concurrencyArg, pid] = process.argv.slice(2);
const REQUESTS = Number(requestsArg || 40);
const CONCURRENCY = Number(concurrencyArg || 4);
const MIX = [
  ['exact', 'neon'],
  ['exact', 'golden hour'],
  ['exact', 'golden hour 77'],
  ['prefix', 'harb'],
  ['prefix', 'velv'],
  ['typo', 'midnigt drive'],
  ['typo', 'shadws alexandria'],
  ['typo', 'caravn'],
  ['de', 'schatten'],
  ['de', 'kommissar falk'],
  ['fr', 'inspecteur'],
  ['fr', 'lumière'],
  ['es', 'sombras'],
  ['es', 'estrellas'],
  ['ro', 'umbrele'],
  ['ro', 'noapte'],
  ['ar', 'ظلال'],
  ['ar', 'الإسكندرية'],
  ['ar typo', 'الاسكندريه'],
];

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function get(q) {
  const path = `/backend/search?q=${encodeURIComponent(q)}&lang=en&offset=0&limit=50&omitCache=true`;
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(new URL(path, url), { agent, headers: { 'X-Tenant-ID': 'aurora' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (res.statusCode !== 200) return reject(new Error(`${q}: HTTP ${res.statusCode} ${body.slice(0, 200)}`));
        resolve({ ms, total: JSON.parse(body).data.total });
      });
    });
    req.on('error', reject);
  });
}
const status = (field) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
};
// The portal's CPU time so far (user + system, ms): a figure the machine's load does not inflate as it does latency.
const cpuMs = () => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;  // utime, stime in clock ticks (USER_HZ 100)
};
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms) => `${ms.toFixed(1)} ms`;

const first = await get('neon');
console.log(`first search (builds the index): ${fmt(first.ms)}, RSS ${status('VmRSS')} MB`);
const totals = new Map();
for (let round = 0; round < 2; round++) for (const [, q] of MIX) totals.set(q, (await get(q)).total);
console.log(`after warm-up: RSS ${status('VmRSS')} MB (peak since start ${status('VmHWM')} MB)`);

const all = [];
let cpuAll = 0;
console.log(`${REQUESTS} requests per query, ${CONCURRENCY} in flight:`);
for (const [kind, q] of MIX) {
  const times = [];
  let next = 0;
  const cpu = cpuMs();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        times.push((await get(q)).ms);
      }
    }),
  );
  const cpuPer = (cpuMs() - cpu) / REQUESTS;
  cpuAll += cpuPer * REQUESTS;
  times.sort((a, b) => a - b);
  all.push(...times);
  console.log(`  ${kind.padEnd(8)} ${q.padEnd(20)} ${String(totals.get(q)).padStart(7)} hits  p50 ${fmt(pct(times, 50))}  p99 ${fmt(pct(times, 99))}  CPU ${cpuPer.toFixed(1)} ms/request`);
  if (!totals.get(q)) console.log(`  warning: "${q}" finds nothing`);
}
all.sort((a, b) => a - b);
console.log(`whole mix (${all.length} requests): p50 ${fmt(pct(all, 50))}, p99 ${fmt(pct(all, 99))}, max ${fmt(all[all.length - 1])}, portal CPU ${(cpuAll / all.length).toFixed(1)} ms/request`);
console.log(`after the measurement: RSS ${status('VmRSS')} MB (peak since start ${status('VmHWM')} MB)`);
agent.destroy();
