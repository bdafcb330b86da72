/**
 * What a full play reports while it plays: a usage report for its ticket every 15 s of watched time
 * (and the rest, as a partial report, when it ends or the page goes), and, for signed-in users, the
 * resume position every 15 s of watched time and on pause, end and page hide. A refused report
 * stops reporting and drops the ticket (commerce §8); a failed save is only logged (§8: read-call
 * and history errors are swallowed). Watching again after the end asks for a new ticket.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { putPlayHistory } from '../api/play-history';
import { reportStreaming } from '../api/report-streaming';
import { savedPosition } from '../video-resume';
import { initialWatchClock, watchBreak, watchFlush, watchTick, type WatchClock } from '../video-watch-time';

export interface VideoUsageOptions {
  articleId: number;
  contentType: string;
  /** The play's report ticket; null = a preview (nothing is reported). */
  ticket: string | null;
  /** Signed-in users keep their resume position. */
  saveHistory: boolean;
  /** A new ticket for watching again after the end (null when none could be had). */
  renewTicket: () => Promise<string | null>;
}

export function useVideoUsage(videoRef: RefObject<HTMLVideoElement | null>, options: VideoUsageOptions): void {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const { ticket, articleId } = options;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let clock: WatchClock = initialWatchClock;
    let currentTicket = ticket;
    let finished = false;

    const report = (seconds: number, partial: boolean) => {
      const ticketId = currentTicket;
      if (!ticketId || seconds <= 0) return;
      void reportStreaming({
        ticketId,
        type: 'listened',
        date: new Date().toISOString(),
        usageDuration: seconds,
        maxUsageDuration: Number.isFinite(video.duration) ? Math.round(video.duration * 1000) / 1000 : 0,
        offline: false,
        partial,
      })
        .then((answer) => {
          if (!answer.ok && currentTicket === ticketId) currentTicket = null;
        })
        .catch(() => {
          if (currentTicket === ticketId) currentTicket = null;
        });
    };
    const save = () => {
      const { saveHistory, contentType } = latest.current;
      if (!saveHistory || !(video.currentTime > 0 || video.ended)) return;
      void putPlayHistory(articleId, { userCurrentPlaying: savedPosition(video.currentTime, video.duration, video.ended), contentType })
        .then((answer) => {
          if (!answer.ok) console.warn('Saving the play position failed', answer.status);
        })
        .catch((error: unknown) => console.warn('Saving the play position failed', error));
    };
    const flush = () => {
      const rest = watchFlush(clock);
      clock = rest.clock;
      report(rest.report, true);
    };

    const onTime = () => {
      if (video.paused || video.seeking) return;
      const tick = watchTick(clock, video.currentTime);
      clock = tick.clock;
      if (tick.report > 0) report(tick.report, false);
      if (tick.save) save();
    };
    const onBreak = () => {
      clock = watchBreak(clock);
    };
    const onPause = () => {
      clock = watchBreak(clock);
      if (!video.ended) save();
    };
    const onEnded = () => {
      flush();
      save();
      finished = true;
    };
    const onPlay = () => {
      if (!finished) return;
      finished = false;
      // The ticket covered one play of the media; another play gets its own.
      if (!currentTicket && !ticket) return;
      currentTicket = null;
      void latest.current.renewTicket().then((renewed) => {
        currentTicket = renewed;
      });
    };
    const onHide = () => {
      flush();
      save();
    };
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeking', onBreak);
    video.addEventListener('waiting', onBreak);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    video.addEventListener('play', onPlay);
    window.addEventListener('pagehide', onHide);
    return () => {
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeking', onBreak);
      video.removeEventListener('waiting', onBreak);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('play', onPlay);
      window.removeEventListener('pagehide', onHide);
      // Leaving the page (or a new stream): what was watched since the last report, and where it stopped.
      flush();
      if (!finished) save();
    };
  }, [videoRef, ticket, articleId]);
}
