/** Plays or pauses an item (its preview, or the full track where the user may hear it) in the player; in a track list, the list from this row on. */
import { useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { showSnackbar } from '@/lib/snackbar';
import { isPlayingPreview, playPreview, stopPreview, subscribePreview, type PreviewItem } from '../preview-player';

export function PreviewButton({ article, list }: { article: PreviewItem; list?: readonly PreviewItem[] }) {
  const { t } = useTranslation();
  const playing = useSyncExternalStore(subscribePreview, () => isPlayingPreview(article.id), () => false);
  return (
    <IconButton
      label={playing ? t('catalog.stopPreview') : t('catalog.preview', { title: article.title })}
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
