/** Where a slide's or tile's image upload stands, and the image a finished job gives the node. */
import type { MediaJob } from '@/admin/lib/upload-api';

export type ImageStep = { phase: 'idle' } | { phase: 'sending'; percent: number } | { phase: 'making' } | { phase: 'ready'; url: string } | { phase: 'failed'; reason?: string };

/**
 * A finished job's image for the node: a banner's slide takes the wide one (image.w1920.webp, the job's media),
 * a tile the small one (image.w640.webp, the job's preview), as the storefront loads them.
 */
export function imageStep(job: MediaJob | null, wide: boolean): ImageStep {
  if (job?.state !== 'done' || !job.mediaPath) return { phase: 'failed', ...(job?.error ? { reason: job.error } : {}) };
  const path = wide ? job.mediaPath : (job.previewPath ?? job.mediaPath);
  return { phase: 'ready', url: `/media/generated/${path}` };
}
