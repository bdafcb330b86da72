/**
 * Writes the two files the server reads from dist/ (docs/contracts.md):
 * - routes-manifest.json, generated from src/config/paths.ts (the router's own table);
 * - build.json {id, timestamp}, whose id is also compiled into the bundle as __BUILD_ID__.
 */
import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';
import { createRoutesManifest } from '../src/config/routes-manifest';

export interface BuildInfo {
  id: string;
  timestamp: number;
}

export function createBuildInfo(now = Date.now()): BuildInfo {
  return { id: `${now.toString(36)}-${randomBytes(4).toString('hex')}`, timestamp: now };
}

export function portalBuildPlugin(build: BuildInfo): Plugin {
  return {
    name: 'portal-build-artifacts',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes-manifest.json', source: `${JSON.stringify(createRoutesManifest(), null, 2)}\n` });
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify(build)}\n` });
    },
  };
}
