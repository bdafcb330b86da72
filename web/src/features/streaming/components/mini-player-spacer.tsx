/** Reserves the mini player's height at the end of the page, so nothing stays hidden behind the bar. */
import { usePlayer } from '../player-store';

/** The bar's height; the spacer reserves the same. */
export const BAR_HEIGHT = 'h-[5.25rem]';

export function MiniPlayerSpacer() {
  const open = usePlayer((state) => state.playlist !== null);
  return open ? <div aria-hidden="true" className={`${BAR_HEIGHT} shrink-0`} data-testid="mini-player-spacer" /> : null;
}
