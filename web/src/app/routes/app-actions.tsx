/**
 * A marketplace app's details page (issue 30): "Get it on Google Play" and the App Store for a free or owned app,
 * Buy (the single-purchase flow's options) for a paid one, and a guest on a paid app signs in first.
 */
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '@/components/ui/button-class';
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import type { ArticleDetails } from '@/features/catalog/types';
import { getPurchaseOptionsQueryOptions } from '@/features/purchases/api/get-purchase-options';
import { checkAndConsume } from '@/features/purchases/flow';
import { usePurchaseFlow } from '@/features/purchases/store';
import { requestLogin } from '@/features/subscriptions/flow';
import { askBeforeLeaving } from '@/lib/external-redirect';
import { useKnownDeviceId, usePortalStore } from '@/lib/store';
import { useTranslation } from '@/lib/use-translation';
import { appAction, storeLinks } from './app-store';

export function AppActions({ article }: { article: ArticleDetails }) {
  const { t } = useTranslation();
  const busy = usePurchaseFlow((state) => state.busy);
  const signedIn = usePortalStore((state) => state.role === 'user');
  const deviceId = useKnownDeviceId();
  const free = appAction(article, signedIn, null) === 'stores';
  // A paid app: whether this user owns it, from the purchase options (a purchase invalidates them).
  const answer = useQuery({ ...getPurchaseOptionsQueryOptions({ articleId: article.id, contentType: article.contentType, deviceId: deviceId ?? '1', signedIn }), enabled: signedIn && !free && deviceId !== null });
  const action = appAction(article, signedIn, answer.data ?? null);
  const ref = { id: article.id, title: article.title, contentType: article.contentType, collectionId: null };
  if (action === 'stores') {
    const links = storeLinks(article);
    if (links.length === 0) return null;
    return (
      <div className="flex flex-wrap items-center gap-3" data-testid="app-actions" data-action={action}>
        {links.map((link, index) => (
          <a
            key={link.store}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            data-store={link.store}
            className={buttonClass(index === 0 ? 'primary' : 'secondary')}
            onClick={(event) => {
              if (askBeforeLeaving(link.href)) event.preventDefault();
            }}
          >
            <DownloadIcon />
            {link.store === 'google-play' ? t('catalog.appStores.googlePlay') : t('catalog.appStores.appStore')}
          </a>
        ))}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="app-actions" data-action={action}>
      {action === 'sign-in' ? (
        <Button onClick={() => requestLogin()}>{t('catalog.appStores.signInToBuy')}</Button>
      ) : (
        <Button disabled={busy || action === 'pending' || action === 'unavailable'} onClick={() => void checkAndConsume(ref, 'play')}>
          {action === 'unavailable' ? t('purchases.actions.unavailable') : t('purchases.actions.buy')}
        </Button>
      )}
    </div>
  );
}
