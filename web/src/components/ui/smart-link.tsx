/**
 * A link to a configured URL: internal paths go through the router (localised), absolute URLs
 * become ordinary anchors (a full page load, new tab for other hosts).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternalUrl } from '@/lib/urls';
import { useLocalizePath } from '@/lib/use-language';

interface SmartLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

export function SmartLink({ href, className, children, ...rest }: SmartLinkProps) {
  const localize = useLocalizePath();
  if (isExternalUrl(href)) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  const to = href.startsWith('/') ? localizeKeepingQuery(href, localize) : href;
  return (
    <Link to={to} className={className} {...rest}>
      {children}
    </Link>
  );
}

function localizeKeepingQuery(href: string, localize: (path: string) => string): string {
  const match = /^([^?#]*)(.*)$/.exec(href);
  const path = match?.[1] ?? href;
  return `${localize(path || '/')}${match?.[2] ?? ''}`;
}
