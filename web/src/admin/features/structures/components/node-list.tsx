/**
 * The structure's nodes in order (rails, banners, grids; a header's or footer's links): reordered by drag or by
 * the ↑ ↓ buttons, duplicated, opened to edit, removed, and a node of a chosen type added. Each says how many
 * items the storefront shows of it (a catalog row: the catalog's count for its query, as the storefront asks).
 */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SELECT_CLASS, Section } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { useCatalogTotals } from '../catalog-totals';
import { itemCount } from '../node-content';
import { useTypeName, type NodeProblem } from '../structure-model';
import { addableTypes, addNode, duplicateNode, moveNodeTo, nodesOf, nodeType, removeNode, replaceNode, titleIn, type AddableType, type TreeNode } from '../structures-tree';
import { NodeEditor } from './node-editor';
import { SortableList } from './sortable-list';

export function NodeList({ tree, onTree, openIndex, setOpenIndex, problem }: { tree: TreeNode; onTree: (tree: TreeNode) => void; openIndex: number | null; setOpenIndex: (i: number | null) => void; problem: NodeProblem | null }) {
  const { t, lang } = useAdminI18n();
  const typeName = useTypeName();
  const nodes = nodesOf(tree);
  const types = addableTypes(tree);
  const [announce, setAnnounce] = useState('');
  const [addType, setAddType] = useState<AddableType>(types[0] ?? 'rail');
  const chosen = types.includes(addType) ? addType : (types[0] ?? 'rail');
  const ids = useId();
  const totals = useCatalogTotals(nodes);
  const links = nodeType(tree) === 'links';

  return (
    <Section title={links ? t('structures.links') : t('structures.nodes')}>
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      {nodes.length === 0 ? (
        <p className="text-muted">{links ? t('structures.linksEmpty') : t('structures.nodesEmpty')}</p>
      ) : (
        <SortableList
          items={nodes}
          keyOf={(node, index) => `${String(node.id ?? node.name)}-${index}`}
          titleOf={(node) => titleIn(node, lang)}
          label={links ? t('structures.links') : t('structures.nodes')}
          testId="structure-nodes"
          onMove={(from, to) => {
            onTree(moveNodeTo(tree, from, to));
            if (openIndex === from) setOpenIndex(to);
            else if (openIndex !== null) setOpenIndex(null);
          }}
          renderItem={(node, index, { handle, moveButtons }) => {
            const title = titleIn(node, lang);
            const open = openIndex === index;
            const count = itemCount(node, totals.get(node));
            return (
              <div className={`rounded-xl border bg-bg p-3 ${problem?.index === index ? 'border-red-600' : 'border-border'}`} data-testid="structure-node">
                <div className="flex flex-wrap items-center gap-3">
                  {handle}
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="truncate font-semibold" data-testid="structure-node-title">
                      {title}
                    </p>
                    <p className="text-sm text-muted" data-testid="structure-node-summary">
                      {typeName(nodeType(node))}
                      {nodeType(node) !== 'link' && <> · {count === null ? t('structures.counting') : t('structures.itemCount', { count })}</>}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1.5 sm:gap-2">
                    {moveButtons}
                    <Button variant="secondary" className="h-10 px-4" aria-expanded={open} aria-label={open ? undefined : t('structures.edit', { title })} onClick={() => setOpenIndex(open ? null : index)}>
                      {open ? t('structures.close') : t('structures.edit', { title: '' }).trim()}
                    </Button>
                    <Button
                      variant="ghost"
                      className="h-10 px-2.5"
                      aria-label={t('structures.duplicate', { title })}
                      onClick={() => {
                        onTree(duplicateNode(tree, index));
                        setOpenIndex(null);
                        setAnnounce(t('structures.duplicated', { title, position: index + 2 }));
                      }}
                    >
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6">
                        <rect x="6.5" y="6.5" width="10" height="10" rx="2" />
                        <path d="M13.5 4.5v-.5a1.5 1.5 0 0 0-1.5-1.5H5A1.5 1.5 0 0 0 3.5 4v7A1.5 1.5 0 0 0 5 12.5h.5" />
                      </svg>
                    </Button>
                    <Button
                      variant="ghost"
                      className="h-10 px-2.5"
                      aria-label={t('structures.remove', { title })}
                      onClick={() => {
                        onTree(removeNode(tree, index));
                        setOpenIndex(null);
                        setAnnounce(t('structures.removed', { title }));
                      }}
                    >
                      <span aria-hidden="true">✕</span>
                    </Button>
                  </div>
                </div>
                {problem?.index === index && (
                  <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
                    {problem.text}
                  </p>
                )}
                {open && <NodeEditor tree={tree} node={node} onChange={(next) => onTree(replaceNode(tree, index, next))} />}
              </div>
            );
          }}
        />
      )}
      <div className="mt-4 flex flex-wrap items-end gap-3">
        {types.length > 1 && (
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={`${ids}-add`} className="text-sm font-semibold">
              {t('structures.addType')}
            </label>
            <select id={`${ids}-add`} className={SELECT_CLASS} value={chosen} onChange={(e) => setAddType(e.target.value as AddableType)} data-testid="structure-add-type">
              {types.map((type) => (
                <option key={type} value={type}>
                  {typeName(type)}
                </option>
              ))}
            </select>
          </div>
        )}
        <Button
          variant="secondary"
          className="h-11 px-5"
          data-testid="structure-add"
          onClick={() => {
            const next = addNode(tree, chosen, t('structures.newTitle', { type: typeName(chosen) }));
            onTree(next);
            setOpenIndex(nodesOf(next).length - 1);
            setAnnounce(t('structures.added', { type: typeName(chosen) }));
          }}
        >
          {types.length > 1 ? t('structures.add') : t('structures.addLink')}
        </Button>
      </div>
    </Section>
  );
}
