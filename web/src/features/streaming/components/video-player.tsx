/**
 * The video player: a stream (HLS through hls.js, or a preview file) with its own controls — play,
 * seek, volume and mute, quality (auto or a rendition), fullscreen of the whole player — and the
 * keyboard while focus is inside it (video-keys.ts). Fatal errors show a translated message with
 * "try again". The timeline runs left to right in every language; the bar's order follows the
 * page's direction.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { formatDuration } from '@/lib/formatters';
import { log } from '@/lib/log';
import { useCurrentLanguage } from '@/lib/use-language';
import { useVideoEngine } from '../hooks/video-engine';
import { useVideoFullscreen } from '../hooks/video-fullscreen';
import { useMediaState } from '../hooks/video-media-state';
import { useVideoResume } from '../hooks/video-resume';
import { useVideoUsage, type VideoUsageOptions } from '../hooks/video-usage';
import { keyAction, keyTargetOf, nextVolume, seekTarget } from '../video-keys';
import { AUTO_LEVEL, playingLabel, qualityOptions, selectedQuality } from '../video-levels';
import { VideoExitFullscreenIcon, VideoFullscreenIcon, VideoMutedIcon, VideoPauseIcon, VideoPlayIcon, VideoVolumeIcon } from './video-icons';

export interface VideoPlayerProps {
  src: string;
  title: string;
  poster?: string | null;
  autoPlay?: boolean;
  /** Reports and resume saves of a full play (ticket null for a preview). */
  usage: VideoUsageOptions;
  /** Resume from play history (signed-in users, full plays). */
  resume: boolean;
  /** After a fatal error: ask for the stream again. */
  onRetry: () => void;
  /** Shown over the top of the picture (e.g. the preview badge). */
  badge?: ReactNode;
}

const CONTROL = 'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

function play(video: HTMLVideoElement | null): void {
  // Refused autoplay (no user gesture yet) leaves the player paused with its play button.
  void video?.play().catch((error: unknown) => log.info('Playback did not start', error));
}

export function VideoPlayer({ src, title, poster, autoPlay = true, usage, resume, onRetry, badge }: VideoPlayerProps) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const qualityId = useId();
  const keysId = useId();
  // Before the engine: on leaving, the usage hook saves the position before the engine detaches the stream.
  useVideoUsage(videoRef, usage);
  const resumedAt = useVideoResume(videoRef, usage.articleId, resume, src);
  const engine = useVideoEngine(videoRef, src);
  const media = useMediaState(videoRef);
  const fullscreen = useVideoFullscreen(containerRef, videoRef);
  const [resumeNotice, setResumeNotice] = useState(true);

  const video = () => videoRef.current;
  const togglePlay = () => {
    const element = video();
    if (!element) return;
    if (element.paused || element.ended) play(element);
    else element.pause();
  };
  const seekBy = (by: number) => {
    const element = video();
    if (element) element.currentTime = seekTarget(element.currentTime, by, element.duration);
  };
  const setVolume = (volume: number) => {
    const element = video();
    if (!element) return;
    element.volume = volume;
    element.muted = volume === 0;
  };
  const toggleMute = () => {
    const element = video();
    if (!element) return;
    element.muted = !element.muted;
    if (!element.muted && element.volume === 0) element.volume = 0.5;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = keyAction(event, keyTargetOf(event.target));
    if (!action) return;
    event.preventDefault();
    switch (action.kind) {
      case 'toggle-play':
        return togglePlay();
      case 'seek':
        return seekBy(action.by);
      case 'volume': {
        const element = video();
        if (element) setVolume(nextVolume(element.muted ? 0 : element.volume, action.by));
        return;
      }
      case 'fullscreen':
        return fullscreen.toggle();
      case 'mute':
        return toggleMute();
    }
  };

  const options = qualityOptions(engine.levels);
  const onScreen = playingLabel(engine.playingLevel, engine.levels);
  const time = (seconds: number) => formatDuration(seconds, lang);
  const loading = !engine.error && (!media.ready || media.waiting);
  const playing = !media.paused && !media.ended;
  const volume = media.muted ? 0 : media.volume;
  const errorText = engine.error ? t(`video.errors.${engine.error}`) : null;

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={t('video.player.region', { title })}
      aria-describedby={keysId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="video-player"
      className={`relative flex flex-col overflow-hidden bg-black outline-none focus-visible:ring-2 focus-visible:ring-white ${fullscreen.active ? 'h-dvh w-screen' : 'rounded-xl'}`}
    >
      <div className={`relative flex items-center justify-center ${fullscreen.active ? 'min-h-0 flex-1' : ''}`}>
        <video
          ref={videoRef}
          poster={poster ?? undefined}
          autoPlay={autoPlay}
          playsInline
          preload="auto"
          data-engine={engine.kind ?? undefined}
          onClick={togglePlay}
          onDoubleClick={fullscreen.toggle}
          className={`w-full bg-black object-contain ${fullscreen.active ? 'h-full' : 'aspect-video max-h-[70dvh]'}`}
        />
        {badge && <div className="pointer-events-none absolute start-3 top-3">{badge}</div>}
        {!playing && !loading && !engine.error && (
          <span aria-hidden="true" className="pointer-events-none absolute inline-flex size-16 items-center justify-center rounded-full bg-black/60 text-white">
            <VideoPlayIcon width="32" height="32" />
          </span>
        )}
        {loading && (
          <span role="status" className="pointer-events-none absolute inline-flex items-center gap-2 rounded-full bg-black/60 px-4 py-2 text-sm">
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none" />
            {t('video.loading')}
          </span>
        )}
        {errorText && (
          <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-black/80 p-6 text-center">
            <p className="max-w-md text-base font-semibold">{errorText}</p>
            <button type="button" onClick={onRetry} className="rounded-full bg-white px-5 py-2 font-semibold text-black hover:bg-white/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
              {t('video.retry')}
            </button>
          </div>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-x-1 gap-y-1 bg-neutral-900 px-2 py-1.5 text-white sm:flex-nowrap sm:gap-x-2">
        <button type="button" className={CONTROL} onClick={togglePlay} aria-label={playing ? t('video.controls.pause') : t('video.controls.play')} title={playing ? t('video.controls.pause') : t('video.controls.play')}>
          {playing ? <VideoPauseIcon /> : <VideoPlayIcon />}
        </button>
        <span className="shrink-0 text-xs tabular-nums sm:text-sm">
          <bdi dir="ltr">{time(media.currentTime)}</bdi>
          <span aria-hidden="true"> / </span>
          <span className="sr-only"> {t('video.controls.of')} </span>
          <bdi dir="ltr">{time(media.duration)}</bdi>
        </span>
        <input
          type="range"
          dir="ltr"
          min={0}
          max={media.duration || 0}
          step={0.1}
          value={Math.min(media.currentTime, media.duration || 0)}
          disabled={!media.ready}
          onChange={(event) => {
            const element = video();
            if (element) element.currentTime = Number(event.target.value);
          }}
          aria-label={t('video.controls.seek')}
          aria-valuetext={t('video.controls.position', { current: time(media.currentTime), duration: time(media.duration) })}
          className="order-last h-8 min-w-0 basis-full accent-white sm:order-none sm:flex-1 sm:basis-auto"
        />
        <span className="ms-auto flex items-center gap-1 sm:ms-0">
          <button type="button" className={CONTROL} onClick={toggleMute} aria-label={media.muted || volume === 0 ? t('video.controls.unmute') : t('video.controls.mute')} title={media.muted || volume === 0 ? t('video.controls.unmute') : t('video.controls.mute')}>
            {media.muted || volume === 0 ? <VideoMutedIcon /> : <VideoVolumeIcon />}
          </button>
          <input
            type="range"
            dir="ltr"
            min={0}
            max={1}
            step={0.05}
            value={volume}
            onChange={(event) => setVolume(Number(event.target.value))}
            aria-label={t('video.controls.volume')}
            aria-valuetext={`${Math.round(volume * 100)} %`}
            className="hidden h-8 w-20 accent-white sm:block"
          />
          {options.length > 1 && (
            <>
              <label htmlFor={qualityId} className="sr-only">
                {t('video.controls.quality')}
              </label>
              <select
                id={qualityId}
                value={selectedQuality(engine.chosenLevel === AUTO_LEVEL, engine.chosenLevel, engine.levels)}
                onChange={(event) => engine.setLevel(Number(event.target.value))}
                className="h-9 shrink-0 rounded-md border border-white/20 bg-neutral-800 px-1.5 text-xs text-white focus-visible:outline-2 focus-visible:outline-white sm:px-2 sm:text-sm"
                data-testid="video-quality"
              >
                <option value={AUTO_LEVEL}>{engine.chosenLevel === AUTO_LEVEL && onScreen ? t('video.controls.autoPlaying', { level: onScreen }) : t('video.controls.auto')}</option>
                {options.map((option) => (
                  <option key={option.level} value={option.level}>
                    {option.label}
                  </option>
                ))}
              </select>
            </>
          )}
          <button
            type="button"
            className={CONTROL}
            onClick={fullscreen.toggle}
            aria-label={fullscreen.active ? t('video.controls.exitFullscreen') : t('video.controls.fullscreen')}
            title={fullscreen.active ? t('video.controls.exitFullscreen') : t('video.controls.fullscreen')}
          >
            {fullscreen.active ? <VideoExitFullscreenIcon /> : <VideoFullscreenIcon />}
          </button>
        </span>
      </div>
      {resumedAt !== null && resumeNotice && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-white/10 bg-neutral-900 px-4 py-2 text-sm" data-testid="video-resumed">
          <p role="status">{t('video.resumed', { time: time(resumedAt) })}</p>
          <button
            type="button"
            className="font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            onClick={() => {
              const element = video();
              if (element) element.currentTime = 0;
              setResumeNotice(false);
            }}
          >
            {t('video.startOver')}
          </button>
        </div>
      )}
      <p id={keysId} className="sr-only">
        {t('video.player.keys')}
      </p>
    </div>
  );
}
