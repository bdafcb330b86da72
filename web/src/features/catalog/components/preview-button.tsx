/** Plays or pauses an item (its preview, or the full track where the user may hear it) in the player; in a track list, the list from this row on. */
import { useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { isPlayingPreview, playPreview, stopPreview, subscribePreview, type PreviewItem } from '../preview-player';

export function PreviewButton({ article, list }: { article: PreviewItem; list?: readonly PreviewItem[] }) {
  const { t } = useTranslation();
  const playing = useSyncExternalStore(subscribePreview, () => isPlayingPreview(article.id), () => false);
  // The server decides preview or full track: a guest hears a preview; signed in, the name promises neither (issue 30).
  const guest = usePortalStore((state) => state.role !== 'user');
  const label = guest
    ? playing
      ? t('catalog.stopPreview')
      : t('catalog.preview', { title: article.title })
    : playing
      ? t('catalog.stopItem', { title: article.title })
      : t('catalog.playItem', { title: article.title });
  return (
    <IconButton
      label={label}
      aria-pressed={playing}
      className="shrink-0 border border-border"
      onClick={() => {
        if (playing) stopPreview();
        else
          playPreview(article, list).catch(() => {
            stopPreview();
            showSnackbar(t('catalog.previewError'), 'error');
          });
      }}
    >
      {playing ? <PauseIcon /> : <PlayIcon />}
    </IconButton>
  );
}
