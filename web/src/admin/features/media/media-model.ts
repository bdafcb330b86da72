/** What the Media page knows of uploads and jobs: the kinds of file, their states, and an upload's progress. */
export const MEDIA_KINDS = ['audio', 'video', 'artwork', 'game'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const ACCEPT: Record<MediaKind, string> = { audio: 'audio/*', video: 'video/*', artwork: 'image/png,image/jpeg,image/webp,image/tiff', game: '.zip,application/zip' };
export const POLL_MS = 1500;
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** The refusals of an upload the page explains in words of its own (any other: "try again"). */
export const KNOWN_ERRORS = ['MEDIA_TOO_LARGE', 'MEDIA_UPLOAD_QUOTA_EXCEEDED', 'MEDIA_STORAGE_QUOTA_EXCEEDED', 'ARTICLE_NOT_FOUND', 'VALIDATION_ERROR'] as const;

export const isMediaKind = (value: string): value is MediaKind => (MEDIA_KINDS as readonly string[]).includes(value);
export const isJobState = (value: string): value is (typeof JOB_STATES)[number] => (JOB_STATES as readonly string[]).includes(value);
export const isKnownError = (value: unknown): value is (typeof KNOWN_ERRORS)[number] => typeof value === 'string' && (KNOWN_ERRORS as readonly string[]).includes(value);

/** Where the page's upload stands. */
export type Sending = { phase: 'idle' } | { phase: 'sending'; sent: number; total: number; retrying: boolean } | { phase: 'done'; name: string } | { phase: 'failed'; reason: string };
