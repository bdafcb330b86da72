import type { ConfigNode } from '@/lib/portal-types';

export type NodeKind = 'banner' | 'rail' | 'grid' | 'links';
export type CardShape = 'landscape' | 'square' | 'portrait';

/** How a node is drawn (docs/contracts.md): customProperties.type. */
export function nodeKind(node: ConfigNode): NodeKind | null {
  const type = node.data.customProperties?.type;
  return type === 'banner' || type === 'rail' || type === 'grid' || type === 'links' ? type : null;
}

const SQUARE_CONTENT = new Set(['album', 'track', 'playlist', 'artist', 'audiobook', 'audiobookcollection', 'podcast', 'podcastcollection', 'podcastepisode']);

/** A rail's or grid's card shape: its `aspect`, else square for audio content, else landscape. */
export function cardShape(node: ConfigNode): CardShape {
  const shape = node.data.customProperties?.aspect;
  if (shape === 'square' || shape === 'portrait' || shape === 'landscape') return shape;
  const contentType = node.substructure?.[0]?.data.customProperties?.contentType;
  return typeof contentType === 'string' && SQUARE_CONTENT.has(contentType.toLowerCase()) ? 'square' : 'landscape';
}

export const SHAPE_CLASS: Record<CardShape, string> = {
  landscape: 'aspect-video',
  square: 'aspect-square',
  portrait: 'aspect-[2/3]',
};

export { nodeKey } from './node-key';
