/**
 * POST /video/streaming {id, protocol: 'hls', consume?}: the signed HLS master playlist and a report
 * ticket when the entitlement decision allows the whole video, else the preview (an mp4, or "" when
 * there is none) with the ways to get it. `consume: true` only after the user confirmed spending a
 * credit. Each answer opens a new ticket, so it is asked once per play, never cached.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiBody } from '@/lib/api-schema';
import { callAnswer, type Answer } from '@/lib/call-result';
import type { MusicTrack, SongPurchaseOption } from '../types';
import type { SongRequest } from './get-song';

/** /video/streaming answers like /song (commerce §3 music track response): one shape, in ../types. */
export type VideoPurchaseOption = SongPurchaseOption;
export type VideoStream = MusicTrack;

/** The video, whether the user confirmed spending a credit, and whether to ask as a guest. */
export type VideoStreamRequest = SongRequest;

export function getVideoStream({ id, consume, asGuest }: VideoStreamRequest): Promise<Answer<VideoStream>> {
  const body: ApiBody<'postBackendVideoStreaming'> = { id, protocol: 'hls', ...(consume ? { consume: true } : {}) };
  return callAnswer<VideoStream>('POST', '/video/streaming', { body, skipAuth: asGuest });
}

/** `attempt` asks again (retry after an error, a purchase, an expired signature). */
export const videoStreamQueryOptions = (request: VideoStreamRequest, attempt: string) =>
  queryOptions({
    queryKey: ['streaming', 'video', request.id, Boolean(request.consume), Boolean(request.asGuest), attempt] as const,
    queryFn: () => getVideoStream(request),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVideoStream(request: VideoStreamRequest | null, attempt: string) {
  return useQuery({ ...videoStreamQueryOptions(request ?? { id: 0 }, attempt), enabled: request !== null });
}
