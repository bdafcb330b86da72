/** /myPurchases (protected): the wallet, 50 a page: each owned track or audiobook with its download, each game with its download or, played in the page, its Play link. */
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DownloadIcon, PlayIcon } from '@/components/ui/icons';
import { SmartLink } from '@/components/ui/smart-link';
import { KeepOfflineButton, OfflineTracksPanel } from '@/features/install/components/offline-tracks';
import { downloadSong } from '@/features/purchases/api/download-song';
import { deviceId, download } from '@/features/purchases/flow';
import { downloadKind, playsAsPage } from '@/features/purchases/purchase-types';
import { WalletList } from '@/features/wallet/components/wallet-list';
import type { WalletItem } from '@/features/wallet/types';
import { PageFrame } from './page-frame';

function DownloadButton({ item }: { item: WalletItem }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // A collection (album, audiobook) downloads its members one by one, each with the collection id.
  const files = item.isCollection && item.collectionArticles.length > 0 ? item.collectionArticles.map((id) => ({ id, collectionId: item.article.id })) : [{ id: item.article.id, collectionId: item.article.collectionInfo.articleId ?? null }];
  const contentType = item.isCollection ? (item.article.contentType === 'audiobook' ? 'audio_book_chapter' : 'full_track_music') : item.article.contentType;
  const run = async () => {
    for (const file of files) if (!(await download({ ...file, contentType }))) return;
  };
  return (
    <Button
      variant="secondary"
      disabled={busy}
      aria-label={t('wallet.downloadItem', { title: item.article.title })}
      onClick={() => {
        setBusy(true);
        void run().finally(() => setBusy(false));
      }}
    >
      <DownloadIcon />
      {t('wallet.download')}
    </Button>
  );
}

/** A game played in the page opens its details page, where Play starts it. */
function PlayLink({ item }: { item: WalletItem }) {
  const { t } = useTranslation();
  if (!item.article.href) return null;
  return (
    <SmartLink href={item.article.href} className={buttonClass('secondary')} aria-label={t('wallet.playItem', { title: item.article.title })}>
      <PlayIcon />
      {t('wallet.play')}
    </SmartLink>
  );
}

/** An owned single track can also be kept on this device, when the entitlement allows its download (issue 16). */
function KeepOffline({ item }: { item: WalletItem }) {
  if (item.isCollection || downloadKind(item.article.contentType) !== 'song') return null;
  const signedLink = async () => {
    const answer = await downloadSong(item.article.id, await deviceId(), item.article.collectionInfo.articleId ?? null);
    return answer.ok && answer.data?.uri ? answer.data.uri : null;
  };
  return <KeepOfflineButton track={{ articleId: item.article.id, title: item.article.title }} signedLink={signedLink} />;
}

export default function MyPurchasesPage() {
  return (
    <PageFrame>
      <OfflineTracksPanel />
      <WalletList
        actions={(item) => (
          <>
            <KeepOffline item={item} />
            {playsAsPage(item.article.contentType) ? <PlayLink item={item} /> : <DownloadButton item={item} />}
          </>
        )}
      />
    </PageFrame>
  );
}
