/**
 * Resume from play history: where a video starts again, and what position is saved. A position
 * at the very start or near the end starts from the beginning ("near" is the last 10 s, or the
 * last tenth of a short video, so a 12-second clip still resumes in its middle).
 */

export const RESUME_MIN_SECONDS = 1;
export const RESUME_END_MARGIN_SECONDS = 10;

export function endMargin(duration: number): number {
  return Math.min(RESUME_END_MARGIN_SECONDS, duration * 0.1);
}

/** The position to resume at, or null to start from the beginning. */
export function resumePosition(saved: number | null | undefined, duration: number): number | null {
  if (saved === null || saved === undefined || !Number.isFinite(saved) || saved < RESUME_MIN_SECONDS) return null;
  if (!Number.isFinite(duration) || duration <= 0) return null;
  if (duration - saved <= endMargin(duration)) return null;
  return saved;
}

/** The position to save: whole seconds; at the end, the end (resumePosition then starts over). */
export function savedPosition(currentTime: number, duration: number, ended: boolean): number {
  const position = ended && Number.isFinite(duration) ? duration : currentTime;
  return Math.max(0, Math.floor(Number.isFinite(position) ? position : 0));
}
