/**
 * The queue: every track of the playlist in play order, the current one marked; a row plays its
 * track. It also holds shuffle, loop and mute, which the bar hides on narrow screens. The sheet
 * (Radix dialog) loads the first time the queue button is pressed (queue-button.tsx, issue 14).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { formatDigits, formatDuration } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { jumpToTrack, toggleMute, toggleShuffle } from '../player';
import { usePlayer } from '../player-store';
import { LoopButton, TOGGLE_ON } from './loop-button';
import { ShuffleIcon, VolumeIcon } from './player-icons';

interface QueueSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The queue button lives outside the dialog: focus goes back to it on close. */
  returnFocus: () => void;
}

export function QueueSheet({ open, onOpenChange, returnFocus }: QueueSheetProps) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const playlist = usePlayer((state) => state.playlist);
  if (!playlist) return null;
  const currentIndex = playlist.order[playlist.position];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="fixed end-0 bottom-0 z-50 flex max-h-[min(36rem,80dvh)] w-full flex-col gap-3 rounded-t-2xl border border-border bg-surface p-4 text-text shadow-2xl sm:end-4 sm:bottom-24 sm:w-96 sm:rounded-2xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-bold">{t('player.queueTitle')}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label={t('player.closeQueue')}>
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('player.queueDescription', { count: playlist.order.length })}</Dialog.Description>
          <div className="flex items-center gap-1 border-b border-border pb-3">
            <IconButton label={t('player.shuffle')} aria-pressed={playlist.shuffle} onClick={() => toggleShuffle()} className={playlist.shuffle ? TOGGLE_ON : ''}>
              <ShuffleIcon />
            </IconButton>
            <LoopButton loop={playlist.loop} />
            <IconButton label={playlist.muted ? t('player.unmute') : t('player.mute')} aria-pressed={playlist.muted} onClick={toggleMute}>
              <VolumeIcon muted={playlist.muted} />
            </IconButton>
          </div>
          <ol className="-mx-2 flex min-h-0 flex-col overflow-y-auto" data-testid="queue-list">
            {playlist.order.map((trackIndex, position) => {
              const track = playlist.tracks[trackIndex];
              if (!track) return null;
              const current = trackIndex === currentIndex;
              return (
                <li key={`${track.id}-${position}`}>
                  <button
                    type="button"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => void jumpToTrack(trackIndex)}
                    className={`flex w-full items-center gap-3 rounded-lg px-2 py-2 text-start hover:bg-bg focus-visible:outline-2 focus-visible:outline-accent ${current ? 'bg-primary/10 font-semibold text-primary' : ''}`}
                  >
                    <span className="w-6 shrink-0 text-center text-sm text-muted tabular-nums">{formatDigits(position + 1, lang)}</span>
                    <span className="min-w-0 flex-1">
                      <bdi className="block truncate">{track.title}</bdi>
                      {track.artist && (
                        <span className="block truncate text-sm font-normal text-muted">
                          <bdi>{track.artist}</bdi>
                        </span>
                      )}
                    </span>
                    {track.durationSeconds ? (
                      <span dir="ltr" className="shrink-0 text-sm text-muted tabular-nums">
                        {formatDuration(track.durationSeconds, lang)}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ol>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
