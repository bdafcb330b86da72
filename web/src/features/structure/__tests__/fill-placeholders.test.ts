import { describe, expect, it } from 'vitest';
import type { ConfigNode } from '@/lib/portal-types';
import { fillStructurePlaceholders } from '../fill-placeholders';

const context = { query: new URLSearchParams('campaign=spring'), userUuid: 'u-42' };

describe('custom properties with placeholders (spec 1 §2)', () => {
  it('fills every node of a structure, leaving the rest of the node as it is', () => {
    const structure: ConfigNode = {
      name: 'home',
      data: { title: '{{query.campaign}} stays a title', customProperties: { type: 'page', body: 'Hello {{user.uuid}}' } },
      substructure: [
        { name: 'rail', data: { customProperties: { type: 'rail', seeAllUrl: '/music/list?c={{query.campaign}}&x={{other}}' } }, substructure: [] },
      ],
    };
    const filled = fillStructurePlaceholders(structure, context);
    expect(filled.data.customProperties).toEqual({ type: 'page', body: 'Hello u-42' });
    expect(filled.data.title).toBe('{{query.campaign}} stays a title');
    expect(filled.substructure?.[0]?.data.customProperties).toEqual({ type: 'rail', seeAllUrl: '/music/list?c=spring&x=' });
  });

  it('gives back the same node when nothing is to be filled', () => {
    const plain: ConfigNode = { name: 'footer', data: { customProperties: { type: 'links' } }, substructure: [{ name: 'a', data: {} }] };
    expect(fillStructurePlaceholders(plain, context)).toBe(plain);
  });
});
