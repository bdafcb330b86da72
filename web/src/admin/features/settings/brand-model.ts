/** A brand image's upload (components/brand-image-upload.tsx): what it accepts, where it stands, and its job followed to the end. */
import type { MediaJob } from '@/admin/lib/upload-api';

export type BrandPurpose = 'logo' | 'icon';
/** The paths a done job made, as the storefront loads them: the image to use and its other size. */
export interface BrandImage {
  media: string;
  preview: string;
}

export const ACCEPT = 'image/png,image/jpeg,image/webp,image/tiff';
const POLL_MS = 1000;
const GIVE_UP_MS = 120_000;

export type BrandStep = { phase: 'idle' } | { phase: 'sending'; percent: number } | { phase: 'making' } | { phase: 'ready' } | { phase: 'failed'; reason?: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job until it is done or failed (null when it takes longer than a person would wait on this page). */
export async function settled(poll: () => Promise<MediaJob>): Promise<MediaJob | null> {
  const until = Date.now() + GIVE_UP_MS;
  while (Date.now() < until) {
    const job = await poll();
    if (job.state === 'done' || job.state === 'failed') return job;
    await wait(POLL_MS);
  }
  return null;
}
