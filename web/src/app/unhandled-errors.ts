/**
 * Uncaught errors and unhandled rejections reach the error screen (spec 1 §4, §8: "fatal or
 * unhandled app error: error screen"), except noise that says nothing about the app's state:
 * - aborted work (`AbortError`: a fetch or a wait cancelled on leaving a page, `TimeoutError`);
 * - media refusals (`NotAllowedError`: play() before a user gesture; `NotSupportedError`: a source the
 *   browser cannot play), which the players answer with their own controls;
 * - answered backend calls (`ApiError`) and lost connections (`TypeError: Failed to fetch`…): the
 *   feature that called shows its own message, and offline use goes on;
 * - a page chunk that failed to load (the router reloads to the target path, spec §8);
 * - errors of scripts from other origins (the tenant's tag manager and tracking scripts: "Script
 *   error.", or a file elsewhere), and the browser's "ResizeObserver loop" notices.
 */
import { ApiError } from '@/lib/api-client';

const HARMLESS_NAMES = new Set(['AbortError', 'TimeoutError', 'NotAllowedError', 'NotSupportedError']);
const HARMLESS_MESSAGES = [
  /^Failed to fetch$/,
  /^NetworkError when attempting to fetch resource/,
  /^Load failed$/,
  /^Network request failed/,
  /dynamically imported module/,
  /Importing a module script failed/,
  /^ResizeObserver loop/,
];

function nameOf(value: unknown): string {
  return typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string' ? value.name : '';
}

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string' ? value.message : '';
}

/** Whether a thrown value (or rejection reason) is noise rather than a fault of the app. */
export function isHarmlessError(reason: unknown): boolean {
  if (reason instanceof ApiError) return true;
  if (HARMLESS_NAMES.has(nameOf(reason))) return true;
  const message = messageOf(reason);
  return HARMLESS_MESSAGES.some((pattern) => pattern.test(message));
}

/** An error event from a script of another origin (or one the browser hides as "Script error."). */
function isForeign(event: ErrorEvent, origin: string): boolean {
  if (event.error === null || event.error === undefined) return true;
  if (!event.filename) return false;
  try {
    return new URL(event.filename, origin).origin !== origin;
  } catch {
    return true;
  }
}

/** Calls onFatal for each uncaught error and unhandled rejection that is not noise; returns the stop. */
export function watchUnhandledErrors(onFatal: (error: unknown) => void, target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    if (isForeign(event, target.location.origin) || isHarmlessError(event.error) || isHarmlessError(event.message)) return;
    onFatal(event.error);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isHarmlessError(event.reason)) return;
    onFatal(event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
