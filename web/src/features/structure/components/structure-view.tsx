/** Draws a page structure: each top-level node by its customProperties.type. */
import type { ConfigNode } from '@/lib/portal-types';
import { nodeKey, nodeKind } from '../node-types';
import { ContentGrid } from './content-grid';
import { ContentRail } from './content-rail';
import { HeroBanner } from './hero-banner';

export function StructureNode({ node }: { node: ConfigNode }) {
  switch (nodeKind(node)) {
    case 'banner':
      return <HeroBanner node={node} />;
    case 'grid':
      return <ContentGrid node={node} />;
    case 'rail':
      return <ContentRail node={node} />;
    case 'links':
      return null;
    default:
      // An untyped node with children is still content: show it as a rail.
      return node.substructure && node.substructure.length > 0 ? <ContentRail node={node} /> : null;
  }
}

export function StructureView({ structure }: { structure: ConfigNode }) {
  const nodes = structure.substructure ?? [];
  return (
    <div className="flex flex-col gap-8 sm:gap-10 lg:gap-12">
      {nodes.map((node, index) => (
        <StructureNode key={nodeKey(node, index)} node={node} />
      ))}
    </div>
  );
}
