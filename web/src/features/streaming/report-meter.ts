/**
 * Usage reports and progress (commerce §9): the report counter ticks every second, but only while
 * audio plays, so a listening report is due after 15 s of PLAYED time, never of paused time.
 * Progress is tracked at 25, 50, 75 and 100 percent, each mark once per play.
 */
export const REPORT_EVERY_SECONDS = 15;
export const TIMER_TICK_MS = 100;
export const REPORT_COUNTER_MS = 1000;
export const SEEK_FLAG_MS = 200;
export const PROGRESS_MARKS = [25, 50, 75, 100] as const;

export interface Meter {
  /** Seconds played since the last report. */
  unreported: number;
  /** Progress marks already sent for this play. */
  marks: readonly number[];
}

export const freshMeter = (): Meter => ({ unreported: 0, marks: [] });

/** One report-counter second: counted only while playing (and not while a seek is settling). */
export function countSecond(meter: Meter, playing: boolean): { meter: Meter; due: boolean } {
  if (!playing) return { meter, due: false };
  const unreported = meter.unreported + 1;
  return { meter: { ...meter, unreported }, due: unreported >= REPORT_EVERY_SECONDS };
}

/** The seconds to report now; the meter starts counting again from zero. */
export function takeUsage(meter: Meter): { meter: Meter; usage: number } {
  return { meter: { ...meter, unreported: 0 }, usage: meter.unreported };
}

/** The progress marks reached at `position` of `duration` that were not sent yet. */
export function reachedMarks(meter: Meter, position: number, duration: number): { meter: Meter; marks: number[] } {
  if (!(duration > 0)) return { meter, marks: [] };
  const percent = (Math.min(position, duration) / duration) * 100;
  // The end counts as 100 % even when the engine stops a few milliseconds short of the duration.
  const reached = PROGRESS_MARKS.filter((mark) => !meter.marks.includes(mark) && (percent >= mark || (mark === 100 && duration - position < 0.25)));
  return reached.length === 0 ? { meter, marks: [] } : { meter: { ...meter, marks: [...meter.marks, ...reached] }, marks: reached };
}
