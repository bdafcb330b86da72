/** A `grid` node: a titled grid of tiles that reflows at 600 / 960 / 1280 / 1920 / 2560 px. */
import { useId } from 'react';
import type { ConfigNode } from '@/lib/portal-types';
import { cardShape, nodeKey } from '../node-types';
import { ContentCard } from './content-card';
import { SectionHeading } from './section-heading';

const GRID_COLUMNS = {
  landscape: 'grid-cols-1 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5',
  square: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 2xl:grid-cols-8',
  portrait: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 xl:grid-cols-7 2xl:grid-cols-9',
} as const;

export function ContentGrid({ node }: { node: ConfigNode }) {
  const headingId = useId();
  const shape = cardShape(node);
  const tiles = node.substructure ?? [];
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <SectionHeading node={node} id={headingId} />
      <ul className={`grid gap-3 sm:gap-4 ${GRID_COLUMNS[shape]}`}>
        {tiles.map((tile, index) => (
          <li key={nodeKey(tile, index)}>
            <ContentCard node={tile} shape={shape} />
          </li>
        ))}
      </ul>
    </section>
  );
}
