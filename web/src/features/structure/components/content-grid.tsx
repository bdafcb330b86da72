/** A `grid` node: a titled grid of tiles that reflows at 600 / 960 / 1280 / 1920 / 2560 px. */
import { useId } from 'react';
import { GRID_COLUMNS } from '@/config/page-tables';
import type { ConfigNode } from '@/lib/portal-types';
import { cardShape, nodeKey } from '../node-types';
import { ContentCard } from './content-card';
import { SectionHeading } from './section-heading';

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
