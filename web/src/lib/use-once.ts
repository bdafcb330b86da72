/**
 * Runs an effect once per mounted component, even where React runs effects twice (strict mode)
 * or the effect's inputs change later: a redirect, a sign-out or a page-view report must not repeat.
 */
import { useEffect, useRef } from 'react';

export function useOnce(effect: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  }, [effect]);
}
