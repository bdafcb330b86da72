/**
 * Resume from play history (signed-in users): the saved position is asked as the page loads and
 * applied once the video knows its length (video-resume.ts says when it is not). Read errors are
 * swallowed (commerce §8): the video starts from the beginning.
 */
import { useEffect, useState, type RefObject } from 'react';
import { getPlayHistory } from '../api/play-history';
import { resumePosition } from '../video-resume';

/** The position resumed at (null: from the start), once applied. */
export function useVideoResume(videoRef: RefObject<HTMLVideoElement | null>, articleId: number, enabled: boolean, url: string | null): number | null {
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !enabled || !url) return;
    let cancelled = false;
    let saved: number | null | undefined;
    const apply = () => {
      if (cancelled || saved === undefined || video.readyState < HTMLMediaElement.HAVE_METADATA) return;
      const at = resumePosition(saved, video.duration);
      saved = undefined;
      if (at === null || video.currentTime > 0.5) return;
      video.currentTime = at;
      setResumedAt(at);
    };
    video.addEventListener('loadedmetadata', apply);
    getPlayHistory(articleId)
      .then((answer) => {
        saved = answer.ok ? (answer.data?.userCurrentPlaying ?? null) : null;
        apply();
      })
      .catch((error: unknown) => {
        console.warn('Reading the play position failed', error);
      });
    return () => {
      cancelled = true;
      video.removeEventListener('loadedmetadata', apply);
    };
  }, [videoRef, articleId, enabled, url]);
  return resumedAt;
}
