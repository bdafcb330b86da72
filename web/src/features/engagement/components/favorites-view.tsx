/**
 * /favorites: a tab per liked kind (with its count), the selected kind's items drawn by the page
 * (`renderItems`: the app lays them out as catalog cards). Guests are asked to sign in.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { formatNumber } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useLiked } from '../api/get-liked';
import { useLikedIds } from '../api/get-liked-ids';
import { FAVORITE_TABS } from '../like-kinds';
import type { LikeKind } from '../types';
import { SignInNote } from './sign-in-note';

interface FavoritesViewProps<A> {
  renderItems: (articles: A[], kind: LikeKind) => ReactNode;
  loading: ReactNode;
}

export function FavoritesView<A>({ renderItems, loading }: FavoritesViewProps<A>) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const ids = useLikedIds();
  const [chosen, setChosen] = useState<LikeKind | null>(null);
  // The first kind with likes opens first.
  const kind = chosen ?? FAVORITE_TABS.find((k) => (ids.data?.[k].length ?? 0) > 0) ?? 'tracks';
  const list = useLiked<A>(kind);

  if (!signedIn) return <SignInNote text={t('engagement.favoritesSignIn')} />;
  const articles = (list.data ?? []).flatMap((entry) => (entry.article ? [entry.article] : []));
  return (
    <div className="flex flex-col gap-6">
      <div role="tablist" aria-label={t('engagement.kindsLabel')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {FAVORITE_TABS.map((tab) => {
          const count = ids.data?.[tab].length ?? 0;
          const selected = tab === kind;
          return (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`favorites-tab-${tab.replace(' ', '-')}`}
              aria-selected={selected}
              aria-controls="favorites-panel"
              onClick={() => setChosen(tab)}
              className={`shrink-0 rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-accent ${selected ? 'border-primary bg-primary text-primary-contrast' : 'border-border bg-surface text-text hover:border-primary'}`}
            >
              {t(`engagement.kinds.${tab}`)}
              {count > 0 && <span className={`ms-2 tabular-nums ${selected ? '' : 'text-muted'}`}>{formatNumber(count, lang)}</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="favorites-panel" aria-labelledby={`favorites-tab-${kind.replace(' ', '-')}`}>
        {list.isPending ? loading : articles.length === 0 ? <p className="py-10 text-center text-muted">{t('engagement.noFavorites')}</p> : renderItems(articles, kind)}
      </div>
    </div>
  );
}
