/** Plays or stops an item's public preview. */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/ui/button';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { showSnackbar } from '@/lib/snackbar';
import { isPlayingPreview, playPreview, stopPreview, subscribePreview } from '../preview-player';
import type { Article } from '../types';

export function PreviewButton({ article }: { article: Pick<Article, 'id' | 'title'> }) {
  const { t } = useTranslation();
  const playing = useSyncExternalStore(subscribePreview, () => isPlayingPreview(article.id), () => false);
  return (
    <IconButton
      label={playing ? t('catalog.stopPreview') : t('catalog.preview', { title: article.title })}
      aria-pressed={playing}
      className="shrink-0 border border-border"
      onClick={() => {
        if (playing) stopPreview();
        else playPreview(article.id).catch(() => {
          stopPreview();
          showSnackbar(t('catalog.previewError'), 'error');
        });
      }}
    >
      {playing ? <PauseIcon /> : <PlayIcon />}
    </IconButton>
  );
}
