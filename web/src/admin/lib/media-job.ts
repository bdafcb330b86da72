/**
 * An image upload's end: the media job followed until it is done or failed (the structures' slide and tile
 * images; the settings' brand images keep their own copy in brand-model.ts), and the image files accepted.
 */
import type { MediaJob } from './upload-api';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/tiff';
const POLL_MS = 1000;
const GIVE_UP_MS = 120_000;

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
