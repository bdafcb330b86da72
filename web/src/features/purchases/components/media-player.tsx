/**
 * The full item once the purchase check allowed it: audio or video in a media dialog, a game page
 * full screen (until the players issue brings the persistent player).
 */
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/ui/dialog-shell';
import { stopPlaying } from '../flow';
import { playsAsPage, playsAsVideo } from '../purchase-types';
import { usePurchaseFlow } from '../store';

export function MediaPlayer() {
  const { t } = useTranslation();
  const playing = usePurchaseFlow((state) => state.playing);
  const page = playing ? playsAsPage(playing.contentType) : false;
  const name = playing && playing.title.length > 0 ? playing.title : t('purchases.result.yourItem');
  const title = !playing ? '' : page ? t('purchases.player.gameTitle', { title: name }) : t('purchases.player.title', { title: name });
  return (
    <DialogShell open={playing !== null} onOpenChange={(open) => !open && stopPlaying()} title={title} closeLabel={t('purchases.close')} look={page ? 'fullscreen' : 'media'}>
      {playing &&
        (page ? (
          <iframe src={playing.url} title={title} allow="autoplay; fullscreen; gamepad" sandbox="allow-scripts allow-same-origin allow-pointer-lock" className="min-h-0 w-full flex-1 rounded-lg border-0 bg-black" />
        ) : playsAsVideo(playing.contentType) ? (
          <video src={playing.url} controls autoPlay className="max-h-[70vh] w-full rounded-lg bg-black" data-testid="full-media" />
        ) : (
          <audio src={playing.url} controls autoPlay className="w-full" data-testid="full-media" />
        ))}
    </DialogShell>
  );
}
