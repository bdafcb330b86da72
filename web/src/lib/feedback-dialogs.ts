/**
 * What the `generic-error` and `custom-feedback` dialogs show (commerce §2 dialogs), so any flow can
 * end in one instead of a bare error line: the caller names translation keys (the dialog translates
 * them, so a language switch while it is open still reads right), the dialog manager opens it.
 * The dialogs themselves are in features/dialogs (rendered with the commerce dialogs).
 */
import { createStore, useStore } from 'zustand';
import { openDialog } from './dialogs';

/** A dotted key of a message (a text, not a group) in the bundle. */
export type MessageKey = string;

export interface GenericErrorContent {
  /** Translation key of the text; the dialog's own generic text when absent. */
  messageKey?: MessageKey | null;
  /** Parameters of the text. */
  params?: Record<string, string>;
  /** The HTTP status (shown as a reference code), when a call failed. */
  status?: number | null;
  /** The server's error code, when it sent one. */
  code?: string | null;
}

export type FeedbackTone = 'success' | 'info' | 'warning' | 'error';

export interface CustomFeedbackContent {
  tone: FeedbackTone;
  /** Translation keys of the title and text. */
  titleKey: MessageKey;
  messageKey: MessageKey;
  params?: Record<string, string>;
  /** An optional next step: a path on this site (localised by the dialog) and its label's key. */
  action?: { labelKey: MessageKey; href: string } | null;
}

interface FeedbackState {
  error: GenericErrorContent | null;
  feedback: CustomFeedbackContent | null;
}

export const feedbackStore = createStore<FeedbackState>()(() => ({ error: null, feedback: null }));

/** Opens `generic-error` with this content. */
export function showGenericError(content: GenericErrorContent = {}): void {
  feedbackStore.setState({ error: content });
  openDialog('generic-error');
}

/** Opens `custom-feedback` with this content. */
export function showCustomFeedback(content: CustomFeedbackContent): void {
  feedbackStore.setState({ feedback: content });
  openDialog('custom-feedback');
}

export function useFeedbackContent<T>(select: (state: FeedbackState) => T): T {
  return useStore(feedbackStore, select);
}
