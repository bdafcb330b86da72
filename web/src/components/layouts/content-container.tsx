import type { ReactNode } from 'react';

/** The page width used by headers, footers and content. */
export function ContentContainer({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-[2400px] px-4 sm:px-6 lg:px-10 2xl:px-16 ${className}`}>{children}</div>;
}
