/**
 * "Play" on an online game: the game opens in a dialog iframe (commerce §2 "game HTML iframe").
 * Free for guests when a price is DOWNLOAD_TO_OWN_FREEMIUM; otherwise a guest is asked to sign in
 * (the login-or-sign-up dialog).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/icons';
import { openDialog } from '@/lib/dialogs';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { isFreeForGuests } from '../article-meta';
import { getMediaUrl } from '../api/get-media-url';
import type { Article } from '../types';
import { MediaDialog } from './media-dialog';

export function PlayGameButton({ article }: { article: Article }) {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const free = isFreeForGuests(article);
  const mayPlay = signedIn || free;

  const play = async () => {
    if (!mayPlay) {
      openDialog('login-or-sign-up');
      return;
    }
    setBusy(true);
    try {
      // Free games are played in full by guests too (commerce §3 DOWNLOAD_TO_OWN_FREEMIUM).
      const media = await getMediaUrl(article.id, 'full', !signedIn);
      setUrl(media.url);
    } catch {
      showSnackbar(t('catalog.loadError'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={() => void play()} disabled={busy}>
        <PlayIcon />
        {mayPlay ? t('catalog.play') : t('catalog.signInToPlay')}
      </Button>
      <MediaDialog full open={url !== null} onOpenChange={(open) => !open && setUrl(null)} title={t('catalog.gameTitle', { title: article.title })}>
        {url && <iframe src={url} title={t('catalog.gameTitle', { title: article.title })} allow="autoplay; fullscreen; gamepad" sandbox="allow-scripts allow-same-origin allow-pointer-lock" className="min-h-0 w-full flex-1 rounded-lg border-0 bg-black" />}
      </MediaDialog>
    </>
  );
}
