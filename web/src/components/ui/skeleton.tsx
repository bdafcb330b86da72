/** A grey pulsing block that stands in for content while it loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-border/60 ${className}`} />;
}
