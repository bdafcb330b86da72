/**
 * Writes the two files the server reads from dist/ (docs/contracts.md):
 * - routes-manifest.json, generated from src/config/paths.ts (the router's own table), with each
 *   route's page chunks (src/app/routes/page-files.ts) so the server preloads them (issue 14);
 * - build.json {id, timestamp}, whose id is also compiled into the bundle as __BUILD_ID__.
 */
import { randomBytes } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';
import { COMMERCE_FILES, pageFile } from '../src/app/routes/page-files';
import type { PageKey } from '../src/config/paths';
import { createRoutesManifest } from '../src/config/routes-manifest';

export interface BuildInfo {
  id: string;
  timestamp: number;
}

export function createBuildInfo(now = Date.now()): BuildInfo {
  return { id: `${now.toString(36)}-${randomBytes(4).toString('hex')}`, timestamp: now };
}

/**
 * For each page: its module's chunk and the chunks that one imports statically (and the commerce
 * runtime's, for pages that load with it), without those the entry already brings.
 */
export function pageModules(bundle: Rollup.OutputBundle, base = '/'): (page: PageKey) => string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: Rollup.OutputChunk[]): string[] => {
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
  const entry = new Set(closure(chunks.filter((chunk) => chunk.isEntry)));
  // The chunk holding a module (a dynamic entry's chunk need not have it as its facade).
  const holding = (path: string) => chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(path)));
  return (page) => {
    const file = pageFile(page);
    const roots = [holding(`/src/app/routes/${file}.tsx`), COMMERCE_FILES.has(file) ? holding('/src/app/commerce-runtime.tsx') : undefined];
    return closure(roots.filter((chunk): chunk is Rollup.OutputChunk => chunk !== undefined))
      .filter((name) => !entry.has(name))
      .map((name) => `${base}${name}`);
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
    generateBundle(_options, bundle) {
      const manifest = createRoutesManifest(pageModules(bundle, base));
      this.emitFile({ type: 'asset', fileName: 'routes-manifest.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify(build)}\n` });
    },
  };
}

