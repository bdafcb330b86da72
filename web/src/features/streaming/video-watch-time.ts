/**
 * Watched-time accounting for usage reports and resume saves (commerce §9: a report every 15 s of
 * played time). Time counts only while the video plays and only as it advances by small steps:
 * a seek (a jump) or a rewind watches nothing. Pure: the player feeds it positions.
 */

export const REPORT_INTERVAL_SECONDS = 15;
export const SAVE_INTERVAL_SECONDS = 15;
/** The largest step between two position updates that still counts as watching (timeupdate fires about 4 times a second). */
export const MAX_WATCH_STEP_SECONDS = 2;

export interface WatchClock {
  /** Seconds watched since the last report. */
  unreported: number;
  /** Seconds watched since the position was last saved. */
  unsaved: number;
  /** The last position seen while playing; null after a pause, a seek or at the start. */
  last: number | null;
}

export const initialWatchClock: WatchClock = { unreported: 0, unsaved: 0, last: null };

export interface WatchTick {
  clock: WatchClock;
  /** Seconds to report now (a whole interval), or 0. */
  report: number;
  /** Save the position now. */
  save: boolean;
}

/** A position update while playing. */
export function watchTick(clock: WatchClock, position: number): WatchTick {
  const step = clock.last === null ? 0 : position - clock.last;
  const watched = step > 0 && step <= MAX_WATCH_STEP_SECONDS ? step : 0;
  let unreported = clock.unreported + watched;
  let unsaved = clock.unsaved + watched;
  let report = 0;
  if (unreported >= REPORT_INTERVAL_SECONDS) {
    report = REPORT_INTERVAL_SECONDS;
    unreported -= REPORT_INTERVAL_SECONDS;
  }
  const save = unsaved >= SAVE_INTERVAL_SECONDS;
  if (save) unsaved = 0;
  return { clock: { unreported, unsaved, last: position }, report, save };
}

/** Paused, seeking or buffering: the next update starts a new run. */
export function watchBreak(clock: WatchClock): WatchClock {
  return { ...clock, last: null };
}

/**
 * The rest when the play ends or the page goes (ended, pagehide, leaving): what was watched since
 * the last report, sent as a partial report, when at least a second.
 */
export function watchFlush(clock: WatchClock): { clock: WatchClock; report: number } {
  const report = clock.unreported >= 1 ? Math.round(clock.unreported * 1000) / 1000 : 0;
  return { clock: { unreported: report > 0 ? 0 : clock.unreported, unsaved: 0, last: null }, report };
}
