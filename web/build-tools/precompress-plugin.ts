/**
 * Writes .br and .gz twins of the text files of the build, once, at the
 * highest levels: the server sends a twin to clients that accept it instead
 * of compressing the same bytes on every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|map)$/;
const MIN_BYTES = 1024;

export function precompressFile(file: string): void {
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}

export function precompressDir(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) count += precompressDir(path);
    else if (COMPRESSIBLE.test(name) && statSync(path).size >= MIN_BYTES) {
      precompressFile(path);
      count += 1;
    }
  }
  return count;
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
