/** Draws a page structure: each top-level node by its customProperties.type. */
import { Fragment, startTransition, useEffect, useState, type ReactNode } from 'react';
import { BELOW_THE_FOLD } from '@/components/ui/below-the-fold';
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

/**
 * `renderNode`: the page's own drawing for node types this feature does not know (e.g. `catalog`
 * rails drawn by the catalog feature); undefined leaves the node to StructureNode.
 */
/**
 * The nodes a page draws in its first render: a phone's first viewport (hero, stories, the first
 * rail). The others join in the next render, a transition after the first paint, so the page's
 * start is two shorter tasks instead of one long one (issue 14).
 */
const FIRST_NODES = 3;

export function StructureView({ structure, renderNode }: { structure: ConfigNode; renderNode?: (node: ConfigNode) => ReactNode | undefined }) {
  const all = structure.substructure ?? [];
  const [complete, setComplete] = useState(all.length <= FIRST_NODES);
  useEffect(() => {
    if (!complete) startTransition(() => setComplete(true));
  }, [complete]);
  const nodes = complete ? all : all.slice(0, FIRST_NODES);
  return (
    <div className="flex flex-col gap-8 sm:gap-10 lg:gap-12">
      {nodes.map((node, index) => {
        const drawn = renderNode?.(node) ?? <StructureNode node={node} />;
        return index < FIRST_NODES ? (
          <Fragment key={nodeKey(node, index)}>{drawn}</Fragment>
        ) : (
          <div key={nodeKey(node, index)} className={BELOW_THE_FOLD}>
            {drawn}
          </div>
        );
      })}
    </div>
  );
}
