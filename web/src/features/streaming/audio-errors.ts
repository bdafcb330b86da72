/**
 * The audio errors of commerce §8, as message keys under `player.errors`. Howler reports load errors
 * as its own sentences (Web Audio) or as an HTMLMediaElement error code (HTML5 mode); a play error
 * means playback did not start within a user interaction.
 */
export type AudioErrorKey = 'noAudioSupport' | 'noCodecSupport' | 'decodingFailed' | 'loadFailed' | 'needsInteraction' | 'tooManyPlays';

export interface AudioError {
  key: AudioErrorKey;
  /** The HTTP status (or media error code) for 'loadFailed'. */
  code?: number;
}

/** HTMLMediaElement MediaError codes. */
const MEDIA_ERR_DECODE = 3;
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

export function audioErrorOf(kind: 'load' | 'play', error: unknown): AudioError {
  if (kind === 'play') return { key: 'needsInteraction' };
  if (typeof error === 'number') {
    if (error === MEDIA_ERR_SRC_NOT_SUPPORTED) return { key: 'noCodecSupport' };
    if (error === MEDIA_ERR_DECODE) return { key: 'decodingFailed' };
    return { key: 'loadFailed', code: error };
  }
  const text = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  if (text.startsWith('No audio support')) return { key: 'noAudioSupport' };
  if (text.startsWith('No codec support')) return { key: 'noCodecSupport' };
  if (text.startsWith('Decoding audio data failed')) return { key: 'decodingFailed' };
  const status = /status:\s*(\d+)/.exec(text)?.[1];
  return status ? { key: 'loadFailed', code: Number(status) } : { key: 'loadFailed' };
}
