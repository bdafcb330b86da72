/**
 * Fullscreen for the player's container (the Fullscreen API), so the controls stay visible; where
 * only the video element can go fullscreen (iOS Safari) that is used instead.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

interface WebkitVideo extends HTMLVideoElement {
  webkitEnterFullscreen?: () => void;
}

export function useVideoFullscreen(containerRef: RefObject<HTMLElement | null>, videoRef: RefObject<HTMLVideoElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [containerRef]);

  const toggle = useCallback(() => {
    const container = containerRef.current;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    if (container && document.fullscreenEnabled) {
      void container.requestFullscreen().catch((error: unknown) => console.warn('Fullscreen refused', error));
      return;
    }
    const video: WebkitVideo | null = videoRef.current;
    video?.webkitEnterFullscreen?.();
  }, [containerRef, videoRef]);

  return { active, toggle };
}
