/**
 * Writes the two files the server reads from dist/ (docs/contracts.md):
 * - routes-manifest.json, generated from src/config/paths.ts (the router's own table), with each
 *   route's page chunks (src/app/routes/page-files.ts) so the server preloads them (issue 14), and each
 *   lazy layout's chunks, which the script budget counts with its pages (build-tools/script-budget.js);
 * - build.json {id, timestamp}, whose id is also compiled into the bundle as __BUILD_ID__.
 */
import { randomBytes } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';
import { pageFile } from '../src/app/routes/page-files';
import type { LayoutName, PageKey } from '../src/config/paths';
import { createRoutesManifest } from '../src/config/routes-manifest';

export interface BuildInfo {
  id: string;
  timestamp: number;
}

export function createBuildInfo(now = Date.now()): BuildInfo {
  return { id: `${now.toString(36)}-${randomBytes(4).toString('hex')}`, timestamp: now };
}

function outputChunks(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
}

/** The chunks `roots` import statically, themselves included. */
function chunkClosure(chunks: Rollup.OutputChunk[]): (roots: Rollup.OutputChunk[]) => string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  return (roots) => {
    const seen = new Set<string>();
    const visit = (chunk: Rollup.OutputChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const name of chunk.imports) {
        const next = byName.get(name);
        if (next) visit(next);
      }
    };
    roots.forEach(visit);
    return [...seen];
  };
}

/**
 * What every page loads at start: the entry's chunks and those it imports dynamically (the libraries
 * and the app's start, src/main.tsx), with what they import.
 */
export function startupChunks(bundle: Rollup.OutputBundle): string[] {
  const chunks = outputChunks(bundle);
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const dynamic = new Set(entries.flatMap((chunk) => chunk.dynamicImports));
  return chunkClosure(chunks)([...entries, ...chunks.filter((chunk) => dynamic.has(chunk.fileName))]);
}

/**
 * For each page: its module's chunk and the chunks that one imports statically, without those every page loads at
 * start. No page waits for the commerce runtime (issue 77 item 6: the last two, the plans and account pages, start
 * their flows through it on the press); the details page loads it beside itself for the articles that need it.
 */
export function pageModules(bundle: Rollup.OutputBundle, base = '/'): (page: PageKey) => string[] {
  const chunks = outputChunks(bundle);
  const closure = chunkClosure(chunks);
  const entry = new Set(startupChunks(bundle));
  // The chunk holding a module (a dynamic entry's chunk need not have it as its facade).
  const holding = (path: string) => chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(path)));
  return (page) => {
    const own = holding(`/src/app/routes/${pageFile(page)}.tsx`);
    return closure(own ? [own] : [])
      .filter((name) => !entry.has(name))
      .map((name) => `${base}${name}`);
  };
}

/**
 * For each layout: the chunks of its module and what that imports statically, without those every page loads
 * at start (none for the default layout, which is start-up code: src/app/router.tsx).
 */
export function layoutModules(bundle: Rollup.OutputBundle, base = '/'): (layout: LayoutName) => string[] {
  const chunks = outputChunks(bundle);
  const closure = chunkClosure(chunks);
  const entry = new Set(startupChunks(bundle));
  return (layout) => {
    const root = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/src/app/layouts/${layout}-layout.tsx`)));
    return root ? closure([root]).filter((name) => !entry.has(name)).map((name) => `${base}${name}`) : [];
  };
}

export function portalBuildPlugin(build: BuildInfo): Plugin {
  let base = '/';
  return {
    name: 'portal-build-artifacts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // The start-up chunks the entry imports dynamically are preloaded by the page like its static
    // ones, so the entry's steps never wait on the network (src/main.tsx).
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const entryFiles = new Set(outputChunks(context.bundle).filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        return startupChunks(context.bundle)
          .filter((name) => !entryFiles.has(name) && !html.includes(`${base}${name}"`))
          .map((name) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${name}` }, injectTo: 'head' as const }));
      },
    },
    generateBundle(_options, bundle) {
      const manifest = createRoutesManifest(pageModules(bundle, base), layoutModules(bundle, base));
      this.emitFile({ type: 'asset', fileName: 'routes-manifest.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify(build)}\n` });
    },
  };
}

