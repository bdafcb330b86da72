/** The translated name of a content type in credit lists; unknown types read "Other content". */
import { useCallback } from 'react';
import { useTranslation } from '@/lib/use-translation';

const KNOWN = ['full_track_music', 'album', 'playlist', 'music_video', 'full_length_video', 'videocollection', 'video', 'online_game', 'game', 'audiobook', 'audio_book_chapter', 'podcast', 'premium_article', 'news', 'voucher'] as const;

export function useContentTypeName() {
  const { t } = useTranslation();
  return useCallback(
    (contentType: string) =>
      (KNOWN as readonly string[]).includes(contentType) ? t(`subscription.contentTypes.${contentType as (typeof KNOWN)[number]}`) : t('subscription.contentTypes.other'),
    [t],
  );
}
