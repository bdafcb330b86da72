/** The mini player's queue button; the queue sheet (Radix dialog) loads the first time it is pressed (issue 14). */
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { useDeferredPart } from '@/lib/lazy-part';
import { QueueIcon } from './player-icons';

const loadSheet = () => import('./queue-sheet');

export function QueueButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const sheet = useDeferredPart(loadSheet);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={button}
        label={t('player.queue')}
        data-testid="mini-player-queue"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={sheet.prefetch}
        onFocus={sheet.prefetch}
        onClick={() => {
          sheet.request();
          setOpen(true);
        }}
      >
        <QueueIcon />
      </IconButton>
      {sheet.module && sheet.requested && <sheet.module.QueueSheet open={open} onOpenChange={setOpen} returnFocus={() => button.current?.focus()} />}
    </>
  );
}
