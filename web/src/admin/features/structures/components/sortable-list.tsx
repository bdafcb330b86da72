/**
 * A list reordered by drag (dnd-kit: a pointer on the handle, or the handle focused and Space, the arrows,
 * Space again, with the moves announced in the console's language) and by the ↑ ↓ buttons each item has. The
 * keyboard stays on the moved item's button after a button move, and the move is announced.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { ItemControls } from '../structure-model';


export function SortableList<T>({ items, keyOf, titleOf, onMove, label, renderItem, testId }: {
  items: readonly T[];
  keyOf: (item: T, index: number) => string;
  titleOf: (item: T) => string;
  onMove: (from: number, to: number) => void;
  label: string;
  renderItem: (item: T, index: number, controls: ItemControls) => ReactNode;
  testId?: string;
}) {
  const { t } = useAdminI18n();
  const ids = useMemo(() => items.map((item, index) => keyOf(item, index)), [items, keyOf]);
  const [announce, setAnnounce] = useState('');
  const [focus, setFocus] = useState<{ index: number; dir: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  useEffect(() => {
    if (!focus || !listRef.current) return;
    const item = listRef.current.querySelectorAll<HTMLElement>(':scope > li')[focus.index];
    const button = item?.querySelector<HTMLButtonElement>(`[data-move="${focus.dir}"]:not(:disabled)`) ?? item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
    setFocus(null);
  }, [focus]);

  const titleAt = (id: string | number) => {
    const index = ids.indexOf(String(id));
    const item = items[index];
    return item === undefined ? '' : titleOf(item);
  };
  const positionOf = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('structures.dragStart', { title: titleAt(active.id), position: positionOf(active.id), total: ids.length }),
    onDragOver: ({ active, over }) => (over ? t('structures.dragOver', { title: titleAt(active.id), position: positionOf(over.id), total: ids.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('structures.moved', { title: titleAt(active.id), position: positionOf(over.id), total: ids.length }) : undefined),
    onDragCancel: ({ active }) => t('structures.dragCancel', { title: titleAt(active.id) }),
  };

  const move = (index: number, delta: number) => {
    const item = items[index];
    if (item === undefined) return;
    onMove(index, index + delta);
    setFocus({ index: index + delta, dir: delta < 0 ? 'up' : 'down' });
    setAnnounce(t('structures.moved', { title: titleOf(item), position: index + delta + 1, total: items.length }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('structures.dragHelp') } }}>
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol ref={listRef} className="flex flex-col gap-3" aria-label={label} data-testid={testId}>
          {items.map((item, index) => (
            <SortableItem key={ids[index]} id={ids[index] ?? String(index)}>
              {(handleProps) => {
                const title = titleOf(item);
                return renderItem(item, index, {
                  handle: (
                    <button type="button" {...handleProps} aria-label={t('structures.drag', { title })} className="inline-flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-full border border-border bg-bg text-lg text-muted hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent active:cursor-grabbing">
                      <span aria-hidden="true">⠿</span>
                    </button>
                  ),
                  moveButtons: (
                    <>
                      <Button variant="secondary" className="h-10 px-3" data-move="up" disabled={index === 0} aria-label={t('structures.moveUp', { title })} onClick={() => move(index, -1)}>
                        <span aria-hidden="true">↑</span>
                      </Button>
                      <Button variant="secondary" className="h-10 px-3" data-move="down" disabled={index === items.length - 1} aria-label={t('structures.moveDown', { title })} onClick={() => move(index, 1)}>
                        <span aria-hidden="true">↓</span>
                      </Button>
                    </>
                  ),
                });
              }}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

type HandleProps = Record<string, unknown>;

function SortableItem({ id, children }: { id: string; children: (handle: HandleProps) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  // The handle is a button of its own: its role and label are ours, dnd-kit's describedby and pressed state are kept.
  const handleAttributes: Record<string, unknown> = { ...attributes };
  delete handleAttributes.role;
  delete handleAttributes.tabIndex;
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={isDragging ? 'relative z-10 opacity-80' : undefined}>
      {children({ ...handleAttributes, ...listeners, ref: setActivatorNodeRef })}
    </li>
  );
}
