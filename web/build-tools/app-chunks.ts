/**
 * Groups of the app's own lazily loaded code (issue 14). Left alone, Rollup makes a chunk for every
 * combination of lazy modules that share code: a details page asked for some twenty small chunks,
 * and over HTTP/1.1 (six connections a host) they come in several rounds on a slow network. So:
 * - `commerce`: what the commerce pages and the commerce runtime share (flows, stores, hosts,
 *   players, a details page's actions); not the dialogs, not the video player;
 * - `shared`: what that group imports from the rest of the app (cards, images, catalog helpers);
 * - `app`: the app's start-up code, what the entry (src/main.tsx) imports dynamically and all that
 *   imports, named so that neither group takes any of it (Rollup moves a group's unassigned
 *   dependencies into the group). The entry's own static imports stay in the entry chunk: the
 *   entry loads `app` after the libraries, each in a task of its own.
 */
import type { Rollup } from 'vite';

const COMMERCE = /\/src\/(features\/(purchases|subscriptions|cart|games|vouchers|streaming)\/|app\/(commerce-runtime|commerce-host|player-host|subscription-flow-host)\.)/;
const NOT_COMMERCE = /\/dialogs\/|dialog|media-player|queue-sheet|video|hls/i;
const APP = '/web/src/';
const ENTRY_FILE = '/src/main.tsx';

type ModuleInfoOf = (id: string) => Rollup.ModuleInfo | null;
interface Meta {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: ModuleInfoOf;
}

function closure(starts: Iterable<string>, info: ModuleInfoOf, follow: (id: string) => boolean = () => true): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of info(id)?.importedIds ?? []) if (follow(next)) stack.push(next);
  }
  return seen;
}

const isCommerce = (id: string) => COMMERCE.test(id) && !NOT_COMMERCE.test(id);

export function appChunks(): (id: string, meta: Meta) => string | undefined {
  let groups: Map<string, string> | null = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!groups) {
      groups = new Map();
      const ids = [...getModuleIds()].filter((moduleId) => moduleId.includes(APP));
      const entry = ids.find((moduleId) => moduleId.endsWith(ENTRY_FILE));
      const initial = entry ? closure(getModuleInfo(entry)?.dynamicallyImportedIds ?? [], getModuleInfo) : new Set<string>();
      // Only the app's own: Rollup's and Vite's helpers (\0 modules) stay beside the entry, or the
      // libraries and the entry would import this chunk and evaluate it with them.
      for (const moduleId of initial) if (moduleId.includes(APP) && !moduleId.includes('node_modules')) groups.set(moduleId, 'app');
      const commerce = ids.filter((moduleId) => !initial.has(moduleId) && isCommerce(moduleId));
      for (const moduleId of commerce) groups.set(moduleId, 'commerce');
      // What the group reaches outside itself, the entry and the libraries.
      for (const moduleId of closure(commerce, getModuleInfo, (next) => next.includes(APP) && !initial.has(next)))
        if (!groups.has(moduleId)) groups.set(moduleId, 'shared');
    }
    return groups.get(id);
  };
}
