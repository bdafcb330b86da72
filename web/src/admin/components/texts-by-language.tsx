/**
 * One text in each of the six languages (a name, a title): a field per language, typed in its own script and
 * direction, English required when `requireEnglish`.
 */
import { LANGUAGES } from '@/config/languages';
import { Field, INPUT_CLASS } from './fields';

export function TextsByLanguage({ legend, label, values, onChange, requireEnglish = false }: {
  /** What the texts are, above the fields; none when each field's label says it. */
  legend?: string;
  label: (language: string) => string;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  requireEnglish?: boolean;
}) {
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
      {legend ? <legend className="mb-2 text-sm text-muted">{legend}</legend> : null}
      {LANGUAGES.map((language) => (
        <Field key={language.code} label={label(language.name)}>
          {(ids) => (
            <input
              {...ids}
              className={INPUT_CLASS}
              lang={language.code}
              dir={language.code === 'ar' ? 'rtl' : 'ltr'}
              required={requireEnglish && language.code === 'en'}
              value={values[language.code] ?? ''}
              onChange={(e) => onChange({ ...values, [language.code]: e.target.value })}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}
