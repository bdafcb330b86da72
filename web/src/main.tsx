import { yieldToMain } from '@/lib/yield';
import './index.css';

/**
 * The entry loads the libraries one chunk per task, then the app (src/app/start.tsx). Evaluating a
 * chunk is a task the browser cannot cut, and the whole graph at once, as static imports had it,
 * was the longest task of a first visit on a slow phone: about 300 ms at 4x CPU slowdown, after the
 * server's first paint, where it counts as blocking time (issue 14). Every chunk is preloaded by the
 * page's <link rel="modulepreload"> tags (build-tools/portal-build-plugin.ts), so no step waits on
 * the network.
 */
// Each names one export it takes: Rollup then keeps only what the app uses of the library (a
// whole-namespace import would keep all of it). One module per chunk (vite.config.ts): React with
// React DOM, then i18next, whose chunk holds React Router and TanStack Query too. A second module of
// the same chunk would make Rollup build that module's namespace object, which keeps every export
// the library has (issue 52: React Router's forms and TanStack Query's mutations on every page).
const LIBRARIES = [
  () => import('react').then(({ createElement }) => createElement),
  () => import('react-dom/client').then(({ createRoot }) => createRoot),
  () => import('i18next').then(({ default: i18next }) => i18next),
];

async function main(): Promise<void> {
  for (const load of LIBRARIES) {
    await load();
    await yieldToMain();
  }
  const { start } = await import('./app/start');
  await yieldToMain();
  await start(yieldToMain);
}

void main();
