/**
 * The structure's rails and banners in order: moved by the buttons (the keyboard stays on the moved node, and
 * the move is announced), opened to edit, removed, and a node of a chosen type added.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SELECT_CLASS, Section } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { useTypeName, type NodeProblem } from '../structure-model';
import { ADDABLE_TYPES, addNode, moveNode, nodesOf, nodeType, removeNode, replaceNode, titleIn, type AddableType, type TreeNode } from '../structures-tree';
import { NodeEditor } from './node-editor';

export function NodeList({ tree, onTree, openIndex, setOpenIndex, problem }: { tree: TreeNode; onTree: (tree: TreeNode) => void; openIndex: number | null; setOpenIndex: (i: number | null) => void; problem: NodeProblem | null }) {
  const { t, lang } = useAdminI18n();
  const typeName = useTypeName();
  const nodes = nodesOf(tree);
  const [announce, setAnnounce] = useState('');
  const [focus, setFocus] = useState<{ index: number; dir: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [addType, setAddType] = useState<AddableType>('rail');
  const ids = useId();

  useEffect(() => {
    if (!focus || !listRef.current) return;
    const items = listRef.current.querySelectorAll<HTMLElement>(':scope > li');
    const item = items[focus.index];
    // Keep the keyboard on the moved node: the same button, else the other one at an end of the list.
    const button = item?.querySelector<HTMLButtonElement>(`[data-move="${focus.dir}"]:not(:disabled)`) ?? item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
    setFocus(null);
  }, [focus]);

  const move = (index: number, delta: number) => {
    const node = nodes[index];
    if (!node) return;
    onTree(moveNode(tree, index, delta));
    if (openIndex === index) setOpenIndex(index + delta);
    setFocus({ index: index + delta, dir: delta < 0 ? 'up' : 'down' });
    setAnnounce(t('structures.moved', { title: titleIn(node, lang), position: index + delta + 1, total: nodes.length }));
  };

  return (
    <Section title={t('structures.nodes')}>
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      {nodes.length === 0 ? (
        <p className="text-muted">{t('structures.nodesEmpty')}</p>
      ) : (
        <ol ref={listRef} className="flex flex-col gap-3" aria-label={t('structures.nodes')}>
          {nodes.map((node, index) => {
            const title = titleIn(node, lang);
            const open = openIndex === index;
            const count = node.substructure?.length ?? 0;
            return (
              <li key={`${String(node.id ?? node.name)}-${index}`} className={`rounded-xl border bg-bg p-3 ${problem?.index === index ? 'border-red-600' : 'border-border'}`} data-testid="structure-node">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-surface text-sm font-semibold" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="truncate font-semibold" data-testid="structure-node-title">
                      {title}
                    </p>
                    <p className="text-sm text-muted">
                      {typeName(nodeType(node))} · {t('structures.itemCount', { count })}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" className="h-10 px-3" data-move="up" disabled={index === 0} aria-label={t('structures.moveUp', { title })} onClick={() => move(index, -1)}>
                      <span aria-hidden="true">↑</span>
                    </Button>
                    <Button variant="secondary" className="h-10 px-3" data-move="down" disabled={index === nodes.length - 1} aria-label={t('structures.moveDown', { title })} onClick={() => move(index, 1)}>
                      <span aria-hidden="true">↓</span>
                    </Button>
                    <Button variant="secondary" className="h-10 px-4" aria-expanded={open} aria-label={open ? undefined : t('structures.edit', { title })} onClick={() => setOpenIndex(open ? null : index)}>
                      {open ? t('structures.close') : t('structures.edit', { title: '' }).trim()}
                    </Button>
                    <Button
                      variant="ghost"
                      className="h-10 px-4"
                      aria-label={t('structures.remove', { title })}
                      onClick={() => {
                        onTree(removeNode(tree, index));
                        setOpenIndex(null);
                        setAnnounce(t('structures.removed', { title }));
                      }}
                    >
                      ✕
                    </Button>
                  </div>
                </div>
                {problem?.index === index && (
                  <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
                    {problem.text}
                  </p>
                )}
                {open && <NodeEditor node={node} onChange={(next) => onTree(replaceNode(tree, index, next))} />}
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${ids}-add`} className="text-sm font-semibold">
            {t('structures.addType')}
          </label>
          <select id={`${ids}-add`} className={SELECT_CLASS} value={addType} onChange={(e) => setAddType(e.target.value as AddableType)}>
            {ADDABLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeName(type)}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          className="h-11 px-5"
          onClick={() => {
            const next = addNode(tree, addType, t('structures.newTitle', { type: typeName(addType) }));
            onTree(next);
            setOpenIndex(nodesOf(next).length - 1);
          }}
        >
          {t('structures.add')}
        </Button>
      </div>
    </Section>
  );
}
