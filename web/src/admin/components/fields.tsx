/**
 * The console's form parts, in the storefront's design system: a labelled field with its hint and
 * its message (already translated), and a line that says how an action went.
 */
import { useId, useState, type ReactNode } from 'react';
import { useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import type { SaveOutcome } from '../lib/outcome';
import { Notice } from './notice';

// The console's shell shows notices without the form library: Notice is a module of its own (notice.tsx).
export { Notice };

// min-w-0 max-w-full: a control never widens its column past the screen (a select is as wide as its longest option).
const CONTROL =
  'min-w-0 max-w-full rounded-xl border border-border bg-bg px-3 text-base text-text outline-none transition-colors focus:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400';
export const INPUT_CLASS = `h-11 ${CONTROL}`;
/** A select as wide as its longest option (never wider than its column). */
export const SELECT_CLASS = 'h-11 min-w-0 max-w-full rounded-xl border border-border bg-bg px-3 text-base text-text focus-visible:outline-2 focus-visible:outline-accent';
export const TEXTAREA_CLASS = `min-h-24 py-2 ${CONTROL}`;

/** What a field hands its control: its id, and the message that describes it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, the control (given its ids), and the hint or the error under it. */
export function Field({ label, hint, error, className = '', children }: { label: ReactNode; hint?: ReactNode; error?: string | undefined; className?: string; children: (ids: FieldControlProps) => ReactNode }) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error || hint ? messageId : undefined })}
      <p id={messageId} role={error ? 'alert' : undefined} className={`min-h-5 text-sm ${error ? 'font-medium text-red-700 dark:text-red-300' : 'text-muted'}`}>
        {error ?? hint}
      </p>
    </div>
  );
}

export function PageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className="mb-6 flex flex-col gap-2">
      <h1 className="text-2xl font-bold">{title}</h1>
      {intro && <p className="max-w-3xl text-muted">{intro}</p>}
    </header>
  );
}

export function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-border bg-surface p-4 sm:p-6 ${className}`}>
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A part of a long form that opens on demand (a disclosure); `open` holds it open, e.g. while a field
 * inside needs attention. Its fields are mounted while it is open only (react-hook-form keeps their values).
 */
export function Panel({ title, open = false, children }: { title: string; open?: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const shown = open || opened;
  return (
    <details open={shown} onToggle={(e) => setOpened(e.currentTarget.open)} className="rounded-xl border border-border bg-bg">
      <summary className="min-h-11 cursor-pointer rounded-xl px-4 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-accent">{title}</summary>
      {shown && <div className="flex min-w-0 flex-col gap-4 border-t border-border p-4">{children}</div>}
    </details>
  );
}

export interface SaveBarProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** Translated by the page: the bar's name, its status with and without unsaved changes, and its buttons. */
  texts: Record<'label' | 'unsaved' | 'clean' | 'reload' | 'discard' | 'save' | 'saving', string>;
  outcome: SaveOutcome | null;
  /** Loads the current version (offered after a version conflict). */
  onReload: () => void;
  /** After Discard has put the form back to what was read. */
  onDiscarded: () => void;
}

/**
 * The form's save bar, fixed at the bottom: how the last save went (or whether there are unsaved
 * changes), Discard and Save.
 */
export function SaveBar<T extends FieldValues>({ form, texts, outcome, onReload, onDiscarded }: SaveBarProps<T>) {
  const { isDirty, isSubmitting } = useFormState({ control: form.control });
  return (
    <div role="region" aria-label={texts.label} className="fixed inset-x-0 bottom-0 z-10 border-t border-border bg-surface/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          {outcome ? (
            <div className="flex flex-wrap items-center gap-3">
              <Notice tone={outcome.tone}>{outcome.text}</Notice>
              {outcome.reload && (
                <Button variant="secondary" onClick={onReload}>
                  {texts.reload}
                </Button>
              )}
            </div>
          ) : (
            <p className="text-sm text-muted">{isDirty ? texts.unsaved : texts.clean}</p>
          )}
        </div>
        <Button
          variant="secondary"
          disabled={!isDirty || isSubmitting}
          onClick={() => {
            form.reset();
            onDiscarded();
          }}
        >
          {texts.discard}
        </Button>
        <Button type="submit" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? texts.saving : texts.save}
        </Button>
      </div>
    </div>
  );
}
