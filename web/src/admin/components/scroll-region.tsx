/**
 * A wide table's own sideways scroll: on a phone the table scrolls inside this region, never the page.
 * The region is a named tab stop, so keyboard users can reach it and scroll it with the arrow keys
 * (WCAG 2.1.1; axe's scrollable-region-focusable), as the storefront's bracket does. It is positioned,
 * so what is absolutely placed inside (a visually hidden column header) scrolls with it, not the page.
 */
import type { ReactNode } from 'react';

export function ScrollRegion({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`relative max-w-full overflow-x-auto rounded-lg outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${className}`}>
      {children}
    </div>
  );
}
