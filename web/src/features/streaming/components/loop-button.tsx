/** The loop button: off → repeat all → repeat one → off; its name says the current mode. */
import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { cycleLoop } from '../player';
import type { LoopMode } from '../playlist';
import { RepeatIcon } from './player-icons';

export const TOGGLE_ON = 'text-primary bg-primary/10';

export function LoopButton({ loop, className = '' }: { loop: LoopMode; className?: string }) {
  const { t } = useTranslation();
  return (
    <IconButton label={t(`player.loop.${loop}`)} onClick={cycleLoop} className={`${className} ${loop === 'off' ? '' : TOGGLE_ON}`} data-loop={loop}>
      <RepeatIcon one={loop === 'one'} />
    </IconButton>
  );
}
