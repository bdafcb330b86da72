/**
 * An image upload's end, one copy for every image the console uploads (components/image-upload.tsx: the structures'
 * slide and tile images, the settings' brand images): the files accepted, where the upload stands, the media job
 * followed until it is done or failed, and the images a done job made.
 */
import type { AdminKey } from './i18n';
import type { MediaJob } from './upload-api';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/tiff';
const POLL_MS = 1000;
const GIVE_UP_MS = 120_000;

/** Where an image upload stands: its file going up, its sizes being made, ready, or failed (with the job's reason). */
export type ImageStep = { phase: 'idle' } | { phase: 'sending'; percent: number } | { phase: 'making' } | { phase: 'ready' } | { phase: 'failed'; reason?: string };

/** The paths a done job made, as the storefront loads them: the large image (the job's media) and the small one. */
export interface MadeImage {
  media: string;
  preview: string;
}

/** An upload's messages, its caller's: the button (and with an image, its replacement), and the steps ({{percent}}, {{reason}}). */
export interface ImageUploadMessages {
  upload: AdminKey;
  replace?: AdminKey;
  sending: AdminKey;
  making: AdminKey;
  ready: AdminKey;
  refused: AdminKey;
  failed: AdminKey;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job until it is done or failed (null when it takes longer than a person would wait). */
export async function jobSettled(poll: () => Promise<MediaJob>, pollMs = POLL_MS): Promise<MediaJob | null> {
  const until = Date.now() + GIVE_UP_MS;
  while (Date.now() < until) {
    const job = await poll();
    if (job.state === 'done' || job.state === 'failed') return job;
    await wait(pollMs);
  }
  return null;
}

/** The images of a done job (its preview is the media when it made only one size); null when the job did not make any. */
export function madeImage(job: MediaJob | null): MadeImage | null {
  if (job?.state !== 'done' || !job.mediaPath) return null;
  return { media: `/media/generated/${job.mediaPath}`, preview: `/media/generated/${job.previewPath ?? job.mediaPath}` };
}
