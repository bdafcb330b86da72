// `npm run check:budget`: the script budget (build-tools/script-budget.js) on the last build (web/dist; `make test`
// builds it first and this reads it, nothing is built again). Exits 1 with a table of the pages over it.
//   node build-tools/check-script-budget.js [DIST] [--all]   --all: every page's figure, not only the verdict
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetPages, checkBudget, htmlScripts, measurePages } from './script-budget.js';

const args = process.argv.slice(2);
const dist = args.find((arg) => !arg.startsWith('--')) ?? fileURLToPath(new URL('../dist', import.meta.url));
const read = (file) => readFileSync(join(dist, file), 'utf8');
for (const file of ['index.html', 'routes-manifest.json', 'admin/admin.html'])
  if (!existsSync(join(dist, file))) {
    console.error(`script budget: ${join(dist, file)} is missing; build the client first (cd web && npm run build)`);
    process.exit(2);
  }

/** A file's size and its twins' (a path as the pages name it: /assets/x.js, /admin/assets/x.js). */
function sizeOf(file) {
  const path = join(dist, file);
  const size = (name) => (existsSync(name) ? statSync(name).size : undefined);
  const raw = size(path);
  if (raw === undefined) throw new Error(`script budget: ${file} is named by the build but not in ${dist}`);
  return { raw, br: size(`${path}.br`), gz: size(`${path}.gz`) };
}

const manifest = JSON.parse(read('routes-manifest.json'));
if (!manifest.layouts) console.warn('script budget: routes-manifest.json names no layouts (an older build?); lazy layouts are not counted');
const rows = measurePages(budgetPages(manifest, htmlScripts(read('index.html')), htmlScripts(read('admin/admin.html'))), sizeOf);
if (args.includes('--all')) for (const row of rows) console.log(`${(row.bytes / 1024).toFixed(1).padStart(6)} KB  ${row.name}`);
const { passed, text } = checkBudget(rows);
(passed ? console.log : console.error)(text);
process.exit(passed ? 0 : 1);
