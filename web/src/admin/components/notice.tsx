/** A line that says how an action went (already translated): a module apart from the form parts (fields.tsx), for the shell. */
import type { ReactNode } from 'react';
import type { NoticeTone } from '../lib/outcome';

/** How the last action went: announced politely (status), an error assertively (alert). */
export function Notice({ tone, children }: { tone: NoticeTone; children: ReactNode }) {
  const colours: Record<NoticeTone, string> = {
    success: 'border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100',
    error: 'border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100',
    info: 'border-border bg-surface text-text',
  };
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl border px-4 py-3 text-sm ${colours[tone]}`}>
      {children}
    </div>
  );
}
