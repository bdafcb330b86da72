/** /myPurchases (protected): the wallet, 50 a page: each owned track, album or audiobook with its download (an album's or audiobook's: one zip), each game with its download or, played in the page, its Play link. */
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DownloadIcon, PlayIcon } from '@/components/ui/icons';
import { SmartLink } from '@/components/ui/smart-link';
import { KeepOfflineButton, OfflineTracksPanel } from '@/features/install/components/offline-tracks';
import { downloadKind, playsAsPage } from '@/features/purchases/purchase-types';
import { WalletList } from '@/features/wallet/components/wallet-list';
import type { WalletItem } from '@/features/wallet/types';
import { deviceIdWhenKnown } from '@/lib/store';
import { withCommerce } from '../commerce-loader';
import type * as Flows from '../commerce-flows';
import { PageFrame } from './page-frame';

/**
 * The flows once the commerce runtime has loaded and mounted (on the first press: issue 77 item 6). A chunk that fails
 * to load reloads the page (lib/lazy-part.ts).
 */
function commerceFlows(): Promise<typeof Flows> {
  return new Promise((resolve) => withCommerce(resolve));
}

function DownloadButton({ item }: { item: WalletItem }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // One download whatever the item: a collection (album, audiobook) is one zip of its files, named by its title
  // (POST /song/download with the collection's own id; issue 72 item 1). A browser saves only the first of
  // several downloads one click starts, so its tracks one by one lost all but the first.
  // The download's flow loads with the commerce runtime on the first press (issue 77 item 6): the button stays busy
  // until it has run.
  const run = async () => (await commerceFlows()).download({ id: item.article.id, contentType: item.article.contentType, collectionId: item.isCollection ? null : (item.article.collectionInfo.articleId ?? null) });
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
    const { downloadSong } = await commerceFlows();
    const answer = await downloadSong(item.article.id, await deviceIdWhenKnown(), item.article.collectionInfo.articleId ?? null);
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
