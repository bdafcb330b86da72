/**
 * A wide table's own sideways scroll: on a phone the table scrolls inside this region, never the page.
 * The region is a named tab stop, so keyboard users can reach it and scroll it with the arrow keys
 * (WCAG 2.1.1; axe's scrollable-region-focusable), as the storefront's bracket does. It is positioned,
 * so what is absolutely placed inside (a visually hidden column header) scrolls with it, not the page.
 * While more of it lies sideways out of view, a line under it says so (a table cut at the edge of a phone
 * looks complete otherwise).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAdminI18n } from '../lib/i18n-context';

export function ScrollRegion({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  const { t } = useAdminI18n();
  const region = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    // Either direction: in Arabic the region scrolls from its right edge (scrollLeft runs negative).
    const measure = () => setMore(element.scrollWidth - element.clientWidth - Math.abs(element.scrollLeft) > 2);
    measure();
    if (typeof ResizeObserver === 'undefined') return;  // a test's DOM without layout
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);
  return (
    <>
      <div ref={region} role="region" aria-label={label} tabIndex={0} className={`relative max-w-full overflow-x-auto rounded-lg outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${className}`}>
        {children}
      </div>
      {more && (
        <p className="mt-1 text-end text-xs text-muted" aria-hidden="true">
          {t('table.scrollHint')}
        </p>
      )}
    </>
  );
}
