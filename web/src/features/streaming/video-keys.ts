/**
 * Keyboard controls of the video player, as a pure mapping: space/k play-pause, ←/→ seek 10 s,
 * ↑/↓ volume, f fullscreen, m mute. They act only while focus is inside the player, and never
 * take a key from a control that uses it itself (text fields, a slider's arrows, a button's
 * space/Enter).
 */

export const SEEK_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;

export type VideoKeyAction =
  | { kind: 'toggle-play' }
  | { kind: 'seek'; by: number }
  | { kind: 'volume'; by: number }
  | { kind: 'fullscreen' }
  | { kind: 'mute' };

/** What has focus when the key is pressed. */
export type KeyTarget = 'text' | 'range' | 'button' | 'select' | 'other';

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * The action of a key press, or null when the player must leave it alone. The timeline runs left
 * to right in every language (a media timeline, as in other players), so ← always goes back.
 */
export function keyAction(press: KeyPress, target: KeyTarget): VideoKeyAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (target === 'text' || target === 'select') return null;
  if (target === 'range' && ARROWS.has(press.key)) return null;
  if (target === 'button' && (press.key === ' ' || press.key === 'Enter')) return null;
  switch (press.key) {
    case ' ':
    case 'k':
    case 'K':
      return { kind: 'toggle-play' };
    case 'ArrowLeft':
      return { kind: 'seek', by: -SEEK_STEP_SECONDS };
    case 'ArrowRight':
      return { kind: 'seek', by: SEEK_STEP_SECONDS };
    case 'ArrowUp':
      return { kind: 'volume', by: VOLUME_STEP };
    case 'ArrowDown':
      return { kind: 'volume', by: -VOLUME_STEP };
    case 'f':
    case 'F':
      return { kind: 'fullscreen' };
    case 'm':
    case 'M':
      return { kind: 'mute' };
    default:
      return null;
  }
}

/** Classifies the focused element for keyAction. */
export function keyTargetOf(element: EventTarget | null): KeyTarget {
  if (typeof HTMLElement === 'undefined' || !(element instanceof HTMLElement)) return 'other';
  if (element.isContentEditable || element instanceof HTMLTextAreaElement) return 'text';
  if (element instanceof HTMLSelectElement) return 'select';
  if (element instanceof HTMLInputElement) return element.type === 'range' ? 'range' : ['button', 'checkbox', 'radio', 'submit'].includes(element.type) ? 'button' : 'text';
  if (element instanceof HTMLButtonElement || element.getAttribute('role') === 'button') return 'button';
  return 'other';
}

/** A seek target inside the media. */
export function seekTarget(current: number, by: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(0, current + by), end);
}

/** A volume inside 0..1, rounded to the step so repeated presses land on round values. */
export function nextVolume(current: number, by: number): number {
  return Math.min(1, Math.max(0, Math.round((current + by) * 100) / 100));
}
