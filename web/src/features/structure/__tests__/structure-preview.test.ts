/**
 * The console's preview frame (issue 73): the storefront draws the console's answer only when framed with
 * ?structurePreview=<name>, and takes it only from the page framing it, of its own origin, for that name.
 */
import { describe, expect, it } from 'vitest';
import type { ConfigNode } from '@/lib/portal-types';
import { PREVIEW_NODE } from '@/lib/structure-preview-protocol';
import { previewedStructure } from '../structure-preview';
import { previewNodeOf } from '../structure-preview-listener';

const node: ConfigNode = { name: 'home', data: { title: 'Home', subTitle: '', imageUrl: '', clickUrl: '', customProperties: { type: 'page' } }, substructure: [] };
const parent = {} as Window;
const framed = (search: string) => ({ parent, location: { search, origin: 'https://shop.example' } }) as unknown as Window;
const event = (data: unknown, origin = 'https://shop.example', source: unknown = parent) => ({ data, origin, source }) as unknown as MessageEvent;

describe('the structure preview frame', () => {
  it('previews only when framed with a structure name', () => {
    expect(previewedStructure(framed('?structurePreview=home'))).toBe('home');
    expect(previewedStructure(framed('?structurePreview=info-faq'))).toBe('info-faq');
    expect(previewedStructure(framed(''))).toBeNull();
    expect(previewedStructure(framed('?structurePreview=../x'))).toBeNull();
    const top = { location: { search: '?structurePreview=home' } } as unknown as Window;
    (top as unknown as { parent: Window }).parent = top;
    expect(previewedStructure(top)).toBeNull();
  });

  it("takes the framing console's answer for its structure, from its own origin only", () => {
    const win = framed('?structurePreview=home');
    expect(previewNodeOf(event({ type: PREVIEW_NODE, name: 'home', node }), 'home', win)).toBe(node);
    expect(previewNodeOf(event({ type: PREVIEW_NODE, name: 'home', node }, 'https://evil.example'), 'home', win)).toBeNull();
    expect(previewNodeOf(event({ type: PREVIEW_NODE, name: 'home', node }, 'https://shop.example', {}), 'home', win)).toBeNull();
    expect(previewNodeOf(event({ type: PREVIEW_NODE, name: 'header', node }), 'home', win)).toBeNull();
    expect(previewNodeOf(event({ type: 'other', name: 'home', node }), 'home', win)).toBeNull();
    expect(previewNodeOf(event({ type: PREVIEW_NODE, name: 'home', node: 'x' }), 'home', win)).toBeNull();
  });
});
