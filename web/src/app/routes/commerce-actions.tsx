/**
 * What a details page offers to consume or buy (issue 12): for playable and downloadable items the
 * primary action by state (issue 13) and "download" behind the purchase check; for vouchers, voucher
 * books, games and marketplace apps the commerce runtime's actions (runtime-commerce-actions.tsx).
 *
 * Audio and video show without the runtime (issue 52): the button's label comes from the
 * entitlement answer alone, and a press runs the purchase check once the runtime is there
 * (`withCommerce`); the pointer reaching a button starts its download.
 */
import type { ArticleDetails } from '@/features/catalog/types';
import { ConsumeActions } from '@/features/purchases/components/consume-actions';
import { consumesOnDetails, isAudioCollection } from '@/features/purchases/purchase-types';
import type { Intent } from '@/features/purchases/store';
import type { ArticleRef } from '@/features/purchases/types';
import { usePortalStore } from '@/lib/store';
import { loadCommerceInBackground, useCommerceRuntime, withCommerce } from '../commerce-loader';
import { rememberArticle } from '../known-articles';
import { actionsNeedRuntime } from './details-commerce';
import { signInToPlayFree } from './sign-in-free';

const check = (article: ArticleRef, intent: Intent) => withCommerce((flows) => flows.checkAndConsume(article, intent));

export function CommerceActions({ article }: { article: ArticleDetails }) {
  const runtime = useCommerceRuntime();
  const signedIn = usePortalStore((state) => state.role === 'user');
  // The details page waits for the runtime before it shows such an article (catalog-details.tsx).
  if (actionsNeedRuntime(article.contentType)) return runtime ? <runtime.RuntimeCommerceActions article={article} /> : null;
  if (!consumesOnDetails(article.contentType)) return null;
  // Audio and video (issue 13): the primary action by state; albums, playlists, audiobooks and podcasts play their list.
  rememberArticle(article);
  const onPlay = isAudioCollection(article.contentType) ? () => withCommerce((flows) => flows.playArticleList(article)) : undefined;
  return (
    <ConsumeActions
      article={{ id: article.id, title: article.title, contentType: article.contentType, collectionId: article.collectionInfo.articleId ?? null }}
      onCheck={check}
      onPrefetch={loadCommerceInBackground}
      onPlay={onPlay}
      free={signInToPlayFree(article, signedIn)}
    />
  );
}
