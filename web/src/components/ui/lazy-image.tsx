/**
 * A lazily loaded image (spec §4, §5, §9): it starts loading when it comes within 1.3 viewports,
 * asks for webp, gives a protocol-relative URL https:, tries at most 3 times and then shows the
 * error placeholder: the tenant's (global settings images.placeholder), else the storefront's own.
 * URLs that loaded once (the last 200), and those of the server's picture, show at once, without a
 * placeholder or fade.
 */
import { useEffect, useRef, useState } from 'react';
import errorPlaceholder from '@/assets/image-error.svg';
import { LAZY_IMAGE_MAX_ATTEMPTS, LAZY_IMAGE_PRELOAD_FACTOR } from '@/config/env';
import { toImageUrl } from '@/lib/image-url';
import { usePortalStore } from '@/lib/store';
import { hasLoaded, rememberLoaded } from './loaded-images';

interface LazyImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Load at once (e.g. the first hero slide). */
  eager?: boolean;
  /** Label of the error placeholder for assistive technology. */
  errorLabel: string;
}

/** A new URL starts over (attempts, status), so the inner image is keyed by it. */
export function LazyImage(props: LazyImageProps) {
  return <LazyImageLoader key={toImageUrl(props.src) ?? ''} {...props} />;
}

function LazyImageLoader({ src, alt, className = '', eager = false, errorLabel }: LazyImageProps) {
  const url = toImageUrl(src);
  const holder = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(() => eager || (url !== null && hasLoaded(url)));
  const [attempt, setAttempt] = useState(1);
  const [status, setStatus] = useState<'loading' | 'loaded' | 'error'>(() => (url ? (hasLoaded(url) ? 'loaded' : 'loading') : 'error'));

  useEffect(() => {
    if (visible || !url) return;
    const element = holder.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const margin = `${Math.round((LAZY_IMAGE_PRELOAD_FACTOR - 1) * 100)}%`;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} ${margin}` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, url]);

  if (status === 'error' || !url) {
    return (
      <span ref={holder} className={`block overflow-hidden bg-surface ${className}`} data-status="error">
        <ErrorPlaceholder label={errorLabel} />
      </span>
    );
  }

  return (
    <span ref={holder} className={`relative block overflow-hidden bg-surface ${className}`} data-status={status} data-attempt={attempt}>
      {/* Pulses only while the image is fetched: a page holds many images not asked for yet, and each
          running animation is a compositor frame after frame (issue 14). */}
      {status === 'loading' && !eager && <span aria-hidden="true" className={`absolute inset-0 bg-border/50 ${visible ? 'animate-pulse' : ''}`} />}
      {visible && (
        <img
          key={attempt}
          src={url}
          alt={alt}
          // An eager image is the first viewport's largest (the shell preloads it): it shows as its
          // bytes arrive, without waiting for the load event and a fade (issue 14, LCP).
          {...(eager ? { fetchPriority: 'high' as const } : { decoding: 'async' as const })}
          className={`size-full object-cover ${eager ? '' : `transition-opacity duration-300 ${status === 'loaded' ? 'opacity-100' : 'opacity-0'}`}`}
          onLoad={() => {
            rememberLoaded(url);
            setStatus('loaded');
          }}
          onError={() => {
            if (attempt >= LAZY_IMAGE_MAX_ATTEMPTS) setStatus('error');
            else setAttempt(attempt + 1);
          }}
        />
      )}
    </span>
  );
}

/** The tenant's placeholder image, drawn like the image it stands for; the storefront's own when there is none or it fails too. */
function ErrorPlaceholder({ label }: { label: string }) {
  const tenant = usePortalStore((state) => {
    const images = state.configs.images;
    const placeholder = typeof images === 'object' && images !== null ? (images as { placeholder?: unknown }).placeholder : undefined;
    return typeof placeholder === 'string' ? toImageUrl(placeholder) : null;
  });
  const [failed, setFailed] = useState<string | null>(null);
  if (tenant && failed !== tenant) {
    return <img src={tenant} alt={label} className="size-full object-cover" data-placeholder="tenant" onError={() => setFailed(tenant)} />;
  }
  return <img src={errorPlaceholder} alt={label} className="size-full object-contain p-[12%] opacity-80" data-placeholder="default" />;
}
