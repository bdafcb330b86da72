/**
 * A link to a configured URL: internal paths go through the router (localised), absolute URLs
 * become ordinary anchors (a new tab; where the tenant asks first, after its disclaimer). Hovering an internal link
 * prefetches the target page's payload.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { prefetchPagePayload } from '@/lib/page-payload';
import { askBeforeLeaving } from '@/lib/external-redirect';
import { isExternalUrl } from '@/lib/urls';
import { useLocalizePath } from '@/lib/use-language';

interface SmartLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  /** E.g. prefetching the target page's payload. */
  onMouseEnter?: () => void;
  onFocus?: () => void;
  /** E.g. a menu item's own (Radix `asChild`): it runs before the disclaimer may hold the link back. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export function SmartLink({ href, className, children, onMouseEnter, onFocus, onClick, ...rest }: SmartLinkProps) {
  const localize = useLocalizePath();
  if (isExternalUrl(href)) {
    return (
      <a
        href={href}
        className={className}
        target="_blank"
        rel="noopener noreferrer"
        // Where the tenant asks before another site opens (settings.externalRedirectDisclaimer), the dialog opens it.
        onClick={(event) => {
          onClick?.(event);
          if (askBeforeLeaving(href)) event.preventDefault();
        }}
        onMouseEnter={onMouseEnter}
        onFocus={onFocus}
        {...rest}
      >
        {children}
      </a>
    );
  }
  const to = href.startsWith('/') ? localizeKeepingQuery(href, localize) : href;
  // Hovering (or focusing) an internal link prefetches its page payload (docs/contracts.md).
  const prefetch = () => {
    if (to.startsWith('/')) void prefetchPagePayload(to);
  };
  return (
    <Link
      to={to}
      className={className}
      onClick={onClick}
      onMouseEnter={() => {
        prefetch();
        onMouseEnter?.();
      }}
      onFocus={() => {
        prefetch();
        onFocus?.();
      }}
      {...rest}
    >
      {children}
    </Link>
  );
}

function localizeKeepingQuery(href: string, localize: (path: string) => string): string {
  const match = /^([^?#]*)(.*)$/.exec(href);
  const path = match?.[1] ?? href;
  return `${localize(path || '/')}${match?.[2] ?? ''}`;
}
