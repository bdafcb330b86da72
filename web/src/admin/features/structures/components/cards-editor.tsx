/**
 * A hand-picked rail's cards: articles found with the picker (title, artist or id; their covers shown), each a
 * card with the article's titles, cover and page; reordered by drag or the buttons, removed.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { ArticleSearch } from '@/admin/components/article-search';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { addArticleCard, articleIdOf, childrenOf, imageOf, moveChild, pickedIds, removeChild } from '../node-content';
import { findInStore, pickArticle, STORE_SEARCH_MESSAGES } from '../picker-model';
import { titleIn, type TreeNode } from '../structures-tree';
import { SortableList } from './sortable-list';

export function CardsEditor({ tree, rail, onChange }: { tree: TreeNode; rail: TreeNode; onChange: (node: TreeNode) => void }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const [announce, setAnnounce] = useState('');
  const [busyId, setBusyId] = useState<number | null>(null);
  const cards = childrenOf(rail);
  const chosen = pickedIds(rail);
  return (
    <section className="flex flex-col gap-3" aria-label={t('structures.cards')}>
      <h3 className="font-semibold">{t('structures.cards')}</h3>
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      {cards.length === 0 ? (
        <p className="text-sm text-muted">{t('structures.cardsEmpty')}</p>
      ) : (
        <SortableList
          items={cards}
          keyOf={(card, index) => `${String(card.id ?? card.name)}-${index}`}
          titleOf={(card) => titleIn(card, lang)}
          label={t('structures.cards')}
          testId="structure-cards"
          onMove={(from, to) => onChange(moveChild(rail, from, to))}
          renderItem={(card, index, { handle, moveButtons }) => {
            const title = titleIn(card, lang);
            const id = articleIdOf(card);
            return (
              <div className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface p-2" data-testid="structure-card">
                {handle}
                {imageOf(card) ? <img src={imageOf(card)} alt="" className="size-10 shrink-0 rounded bg-bg object-cover" /> : <span aria-hidden="true" className="size-10 shrink-0 rounded bg-bg" />}
                <span className="min-w-0 flex-1 basis-32">
                  <span className="block truncate font-medium">{title}</span>
                  {id !== null && (
                    <span className="block text-sm text-muted">
                      <Ltr>{`#${id}`}</Ltr>
                    </span>
                  )}
                </span>
                <span className="flex flex-wrap gap-2">
                  {moveButtons}
                  <Button
                    variant="ghost"
                    className="h-10 px-3"
                    aria-label={t('structures.remove', { title })}
                    onClick={() => {
                      onChange(removeChild(rail, index));
                      setAnnounce(t('structures.removed', { title }));
                    }}
                  >
                    <span aria-hidden="true">✕</span>
                  </Button>
                </span>
              </div>
            );
          }}
        />
      )}
      <ArticleSearch
        label={t('structures.addArticle')}
        find={(term) => findInStore(api, term, lang)}
        source="store"
        messages={STORE_SEARCH_MESSAGES}
        grid
        chosen={chosen}
        busyId={busyId}
        onPick={(hit) => {
          if (chosen.has(hit.id)) return;
          setBusyId(hit.id);
          void pickArticle(api, hit.found)
            .then((article) => {
              onChange(addArticleCard(tree, rail, article));
              setAnnounce(t('structures.cardAdded', { title: hit.title, count: cards.length + 1 }));
            })
            .finally(() => setBusyId(null));
        }}
      />
    </section>
  );
}
