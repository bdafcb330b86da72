import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { startupChunks } from '../portal-build-plugin';

function chunk(fileName: string, fields: Partial<Rollup.OutputChunk> = {}): Rollup.OutputChunk {
  return { type: 'chunk', fileName, isEntry: false, imports: [], dynamicImports: [], moduleIds: [], ...fields } as unknown as Rollup.OutputChunk;
}

describe('startupChunks', () => {
  it('holds the entry, what it imports statically and dynamically, and what those import; no page chunk', () => {
    const bundle = Object.fromEntries(
      [
        chunk('index.js', { isEntry: true, imports: ['preload-helper.js'], dynamicImports: ['vendor-react.js', 'vendor-router.js', 'app.js'] }),
        chunk('preload-helper.js'),
        chunk('vendor-react.js'),
        chunk('vendor-router.js', { imports: ['vendor-react.js'] }),
        chunk('app.js', { imports: ['vendor-react.js', 'vendor-router.js', 'vendor.js'], dynamicImports: ['page.js'] }),
        chunk('vendor.js'),
        chunk('page.js', { imports: ['app.js', 'shared.js'] }),
        chunk('shared.js'),
      ].map((item) => [item.fileName, item]),
    );
    expect(new Set(startupChunks(bundle))).toEqual(new Set(['index.js', 'preload-helper.js', 'vendor-react.js', 'vendor-router.js', 'app.js', 'vendor.js']));
  });
});
