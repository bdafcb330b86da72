/**
 * A game page full screen once the purchase check allowed it: the fallback `playGame` of the purchase
 * flow until the games feature plays games itself. Audio plays in the mini player and video on its
 * stream page (issue 13), so nothing else opens here.
 */
import { useTranslation } from '@/lib/use-translation';
import { DialogShell } from '@/components/ui/dialog-shell';
import { stopPlaying } from '../flow';
import { playsAsPage } from '../purchase-types';
import { usePurchaseFlow } from '../store';

export function MediaPlayer() {
  const { t } = useTranslation();
  const playing = usePurchaseFlow((state) => state.playing);
  const page = playing && playsAsPage(playing.contentType) ? playing : null;
  const name = page && page.title.length > 0 ? page.title : t('purchases.result.yourItem');
  const title = page ? t('purchases.player.gameTitle', { title: name }) : '';
  return (
    <DialogShell open={page !== null} onOpenChange={(open) => !open && stopPlaying()} title={title} closeLabel={t('purchases.close')} look="fullscreen">
      {page && (
        <iframe src={page.url} title={title} allow="autoplay; fullscreen; gamepad" sandbox="allow-scripts allow-same-origin allow-pointer-lock" className="min-h-0 w-full flex-1 rounded-lg border-0 bg-black" />
      )}
    </DialogShell>
  );
}
