/**
 * A labelled text input with its validation message. `error` is an encoded failure
 * (lib/validation) or a translation key; it is translated here, so it follows language switches.
 */
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { decodeFailure } from '@/lib/validation';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, className = '', ref, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const translate = t as unknown as (key: string, params?: Record<string, string | number>) => string;
  const failure = error ? decodeFailure(error) : null;
  const describedBy = failure ? errorId : hint ? hintId : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={failure ? true : undefined}
        aria-describedby={describedBy}
        className="h-11 rounded-xl border border-border bg-bg px-3 text-base text-text outline-none transition-colors placeholder:text-muted focus:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400"
        {...input}
      />
      {/* The message line keeps its height, so a message appearing on blur never moves what is below (e.g. the submit button under the pointer). */}
      <p id={failure ? errorId : hint ? hintId : undefined} role={failure ? 'alert' : undefined} className={`min-h-5 text-sm ${failure ? 'font-medium text-red-700 dark:text-red-300' : 'text-muted'}`}>
        {failure ? translate(failure.key, failure.params) : hint}
      </p>
    </div>
  );
}
