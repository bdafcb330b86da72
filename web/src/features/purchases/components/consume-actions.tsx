/**
 * The actions of a details page that consume the item: "Play in full" and "Download" (where the
 * type is downloaded). Both run the purchase check first (commerce §4), which plays or downloads,
 * or shows the ways to get the item.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DownloadIcon, PlayIcon } from '@/components/ui/icons';
import { checkAndConsume } from '../flow';
import { PLAYABLE, downloadKind, playsAsPage } from '../purchase-types';
import { usePurchaseFlow } from '../store';
import type { ArticleRef } from '../types';


export function ConsumeActions({ article }: { article: ArticleRef }) {
  const { t } = useTranslation();
  const busy = usePurchaseFlow((state) => state.busy);
  const download = downloadKind(article.contentType);
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="consume-actions">
      {PLAYABLE.has(article.contentType) && (
        <Button disabled={busy} onClick={() => void checkAndConsume(article, 'play')}>
          <PlayIcon />
          {playsAsPage(article.contentType) ? t('purchases.actions.play') : t('purchases.actions.playFull')}
        </Button>
      )}
      {download && (
        <Button variant={PLAYABLE.has(article.contentType) ? 'secondary' : 'primary'} disabled={busy} onClick={() => void checkAndConsume(article, 'download')}>
          <DownloadIcon />
          {t('purchases.actions.download')}
        </Button>
      )}
    </div>
  );
}
