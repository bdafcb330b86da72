/**
 * Writes .br and .gz twins of the text files of the build, once, at the
 * highest levels: the server sends a twin to clients that accept it instead
 * of compressing the same bytes on every request. Small files too (issue 52:
 * a page's chunk of 0.9 KB went out whole), but only a twin that is smaller
 * than the file by more than the header that names its encoding.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|map)$/;
/** `Content-Encoding: br` and its line end: what a twin adds to the answer's headers. */
const TWIN_HEADER_BYTES = 24;

export function precompressFile(file: string): void {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(data, { level: 9 });
  if (br.length + TWIN_HEADER_BYTES < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length + TWIN_HEADER_BYTES < data.length) writeFileSync(`${file}.gz`, gz);
}

export function precompressDir(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) count += precompressDir(path);
    else if (COMPRESSIBLE.test(name)) {
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
