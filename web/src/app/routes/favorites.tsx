/** /favorites: the caller's likes by kind (issue 15), drawn as catalog cards. */
import { useTranslation } from '@/lib/use-translation';
import { ArticleGrid, ArticleGridSkeleton } from '@/features/catalog/components/article-grid';
import type { Article } from '@/features/catalog/types';
import { FavoritesView } from '@/features/engagement/components/favorites-view';
import { PageFrame } from './page-frame';

export default function FavoritesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame wide>
      <FavoritesView<Article>
        loading={<ArticleGridSkeleton count={6} />}
        renderItems={(articles, kind) => <ArticleGrid articles={articles} label={t(`engagement.kinds.${kind}`)} />}
      />
    </PageFrame>
  );
}
