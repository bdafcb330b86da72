/**
 * The persistent music mini player (commerce §2): a bar fixed to the bottom of every page (not the
 * empty layout) while a playlist is open. Its state lives in the player store, so a route change or
 * a layout change keeps the music going. `MiniPlayerSpacer` (its own small module: the layouts
 * carry it on every first paint, the bar loads with the commerce runtime) reserves the bar's height.
 */
import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { CloseIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { SmartLink } from '@/components/ui/smart-link';
import { formatDuration } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { closePlayer, nextTrack, previousTrack, seek, setVolume, toggleMute, togglePlay, toggleShuffle } from '../player';
import { usePlayer } from '../player-store';
import { currentTrack } from '../playlist';
import { LoopButton, TOGGLE_ON } from './loop-button';
import { BAR_HEIGHT } from './mini-player-spacer';
import { NextIcon, PreviousIcon, ShuffleIcon, VolumeIcon } from './player-icons';
import { QueueButton } from './queue-button';

export function MiniPlayer() {
  const open = usePlayer((state) => state.playlist !== null);
  return open ? <PlayerBar /> : null;
}

function PlayerBar() {
  const { t } = useTranslation();
  const playlist = usePlayer((state) => state.playlist);
  const status = usePlayer((state) => state.status);
  const isPreview = usePlayer((state) => state.isPreview);
  const error = usePlayer((state) => state.error);
  const notice = usePlayer((state) => state.notice);
  const track = playlist ? currentTrack(playlist) : null;
  if (!playlist || !track) return null;
  const playing = status === 'playing';
  const errorText = error ? (error.key === 'loadFailed' && error.code === undefined ? t('player.errors.loadFailedNoStatus') : t(`player.errors.${error.key}`, { code: error.code })) : null;

  return (
    <section aria-label={t('player.region')} data-mini-player data-testid="mini-player" data-status={status} data-preview={isPreview} className={`fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface/95 text-text shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur supports-[backdrop-filter]:bg-surface/85 ${BAR_HEIGHT}`}>
      <div className="mx-auto flex h-full max-w-screen-2xl flex-col justify-center gap-1 px-3 sm:px-6">
        <SeekBar />
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          {track.imageUrl ? (
            <img src={track.imageUrl} alt="" width={44} height={44} className="size-11 shrink-0 rounded-lg object-cover" />
          ) : (
            <span aria-hidden="true" className="size-11 shrink-0 rounded-lg bg-primary/20" />
          )}
          <div className="min-w-0 flex-1">
            <p className="flex min-w-0 items-center gap-2">
              {track.href ? (
                <SmartLink href={track.href} className="truncate font-semibold hover:underline">
                  <bdi>{track.title}</bdi>
                </SmartLink>
              ) : (
                <span className="truncate font-semibold">
                  <bdi>{track.title}</bdi>
                </span>
              )}
              {isPreview && (
                <span className="hidden shrink-0 rounded-full border border-border px-2 text-xs font-semibold text-muted sm:inline-block" data-testid="preview-badge">
                  {t('player.preview')}
                </span>
              )}
            </p>
            {errorText ? (
              <p role="alert" className="truncate text-sm text-red-700 dark:text-red-400">
                {errorText}
              </p>
            ) : notice ? (
              <p role="status" className="truncate text-sm text-muted" data-testid="player-notice" data-notice={notice.key} title={t(`player.notice.${notice.key}`, { title: notice.title })}>
                {t(`player.notice.${notice.key}`, { title: notice.title })}
              </p>
            ) : (
              <p className="truncate text-sm text-muted">
                {/* Phones: the preview mark goes to this line, the title keeps the room. */}
                {isPreview && <span className="font-semibold sm:hidden">{t('player.preview')} · </span>}
                <bdi>{track.artist ?? ''}</bdi>
              </p>
            )}
          </div>
          <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
            {/* Narrow screens keep shuffle, loop and volume in the queue sheet. */}
            <span className="hidden sm:inline-flex">
              <IconButton label={t('player.shuffle')} aria-pressed={playlist.shuffle} onClick={() => toggleShuffle()} className={playlist.shuffle ? TOGGLE_ON : ''}>
                <ShuffleIcon />
              </IconButton>
            </span>
            <IconButton label={t('player.previous')} onClick={() => void previousTrack()}>
              <PreviousIcon />
            </IconButton>
            <IconButton label={playing ? t('player.pause') : t('player.play')} onClick={togglePlay} className="bg-primary text-primary-contrast hover:bg-primary/90" data-testid="mini-player-toggle">
              {playing ? <PauseIcon /> : <PlayIcon />}
            </IconButton>
            <IconButton label={t('player.next')} onClick={() => void nextTrack()}>
              <NextIcon />
            </IconButton>
            <span className="hidden items-center sm:inline-flex">
              <LoopButton loop={playlist.loop} />
              <Volume volume={playlist.volume} muted={playlist.muted} />
            </span>
            <QueueButton />
            <IconButton label={t('player.close')} onClick={closePlayer}>
              <CloseIcon />
            </IconButton>
          </div>
        </div>
      </div>
    </section>
  );
}

function SeekBar() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const position = usePlayer((state) => state.position);
  const duration = usePlayer((state) => state.duration);
  const elapsed = formatDuration(position, lang);
  const total = formatDuration(duration, lang);
  return (
    <div className="flex items-center gap-2 text-xs text-muted tabular-nums">
      <span dir="ltr" className="w-14 shrink-0 text-end" data-testid="mini-player-elapsed">
        {elapsed}
      </span>
      <input
        type="range"
        min={0}
        max={Math.max(1, Math.floor(duration))}
        step={1}
        value={Math.min(Math.floor(position), Math.max(1, Math.floor(duration)))}
        onChange={(event) => seek(Number(event.target.value))}
        aria-label={t('player.seek')}
        aria-valuetext={t('player.timeOf', { elapsed, total })}
        disabled={duration <= 0}
        className="h-1.5 min-w-0 flex-1 cursor-pointer accent-primary disabled:cursor-default"
      />
      <span dir="ltr" className="w-14 shrink-0">
        {total}
      </span>
    </div>
  );
}

/** Mute toggle everywhere; the slider from md up (phones use their own volume keys). */
function Volume({ volume, muted }: { volume: number; muted: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center">
      <IconButton label={muted ? t('player.unmute') : t('player.mute')} aria-pressed={muted} onClick={toggleMute}>
        <VolumeIcon muted={muted || volume === 0} />
      </IconButton>
      <input
        type="range"
        min={0}
        max={100}
        step={5}
        value={muted ? 0 : Math.round(volume * 100)}
        onChange={(event) => setVolume(Number(event.target.value) / 100)}
        aria-label={t('player.volume')}
        className="hidden w-24 cursor-pointer accent-primary lg:block"
      />
    </div>
  );
}
