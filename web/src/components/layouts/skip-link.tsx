/** "Skip to content", visible on keyboard focus only. */
export function SkipLink({ label, target = 'main-content' }: { label: string; target?: string }) {
  return (
    <a href={`#${target}`} className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50 focus:rounded-full focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-contrast">
      {label}
    </a>
  );
}
