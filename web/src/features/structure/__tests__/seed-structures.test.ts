import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ConfigNode } from '@/lib/portal-types';
import { structureQueryKey } from '../api/get-structure';
import { cardShape } from '../node-types';
import { seedStructures } from '../seed-structures';

const home: ConfigNode = { id: 'aurora-home', name: 'home', data: { title: 'Home', customProperties: { type: 'page' } }, substructure: [] };
const header: ConfigNode = { name: 'header', data: { title: 'Main menu', customProperties: { type: 'links' } } };

describe('payload structures', () => {
  it('does not take a bare node for page data: structures come by name', () => {
    const client = new QueryClient();
    expect(seedStructures(client, 'ar', home as unknown as Record<string, unknown>)).toEqual([]);
  });

  it('seeds every node of page.data.structures', () => {
    const client = new QueryClient();
    expect(seedStructures(client, 'en', { structures: { home, header, broken: 'x' } })).toEqual(['home', 'header']);
    expect(client.getQueryData(structureQueryKey('header', 'en'))).toBe(header);
  });

  it('ignores empty page data', () => {
    expect(seedStructures(new QueryClient(), 'en', null)).toEqual([]);
    expect(seedStructures(new QueryClient(), 'en', {})).toEqual([]);
  });
});

describe('card shapes', () => {
  const rail = (props: Record<string, unknown>, contentType?: string): ConfigNode => ({
    name: 'rail',
    data: { customProperties: props },
    substructure: [{ name: 'card', data: { customProperties: { type: 'card', contentType } } }],
  });

  it('takes the aspect when given, else square for audio content, else landscape', () => {
    expect(cardShape(rail({ aspect: 'portrait' }, 'album'))).toBe('portrait');
    expect(cardShape(rail({}, 'album'))).toBe('square');
    expect(cardShape(rail({}, 'podcastcollection'))).toBe('square');
    expect(cardShape(rail({}, 'videocollection'))).toBe('landscape');
    expect(cardShape(rail({}))).toBe('landscape');
  });
});
