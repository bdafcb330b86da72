/** One node's titles in six languages, its schedule and its targeting (device, systems, rating). */
import { useState } from 'react';
import { LANGUAGES } from '@/config/languages';
import { Field, INPUT_CLASS, SELECT_CLASS } from '@/admin/components/fields';
import { TextsByLanguage } from '@/admin/components/texts-by-language';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { deviceOf, inputFromUtc, osOf, ratingOf, scheduleOf, setDevice, setOs, setRating, setSchedule, setTitle, titleOf, utcFromInput, type Device, type TreeNode } from '../structures-tree';

export function NodeEditor({ node, onChange }: { node: TreeNode; onChange: (node: TreeNode) => void }) {
  const { t } = useAdminI18n();
  const schedule = scheduleOf(node);
  const titles = Object.fromEntries(LANGUAGES.map((language) => [language.code, titleOf(node, language.code)]));
  // The schedule's two ends (datetime-local inputs; the tree keeps them in UTC).
  const when = (edge: 'from' | 'until', label: string) => (
    <Field label={label} hint={t('structures.scheduleHint')}>
      {(ids) => <input {...ids} type="datetime-local" step={1} className={INPUT_CLASS} value={inputFromUtc(schedule[edge])} onChange={(e) => onChange(setSchedule(node, { ...schedule, [edge]: utcFromInput(e.target.value) }))} />}
    </Field>
  );
  return (
    <div className="mt-3 grid grid-cols-1 gap-4 border-t border-border pt-4">
      <TextsByLanguage
        label={(language) => t('structures.titleIn', { language })}
        values={titles}
        onChange={(next) => onChange(LANGUAGES.reduce((changed, { code }) => (next[code] === titles[code] ? changed : setTitle(changed, code, next[code] ?? '')), node))}
      />
      <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t('structures.schedule')}</legend>
        {when('from', t('structures.from'))}
        {when('until', t('structures.until'))}
      </fieldset>
      <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">{t('structures.targeting')}</legend>
        <Field label={t('structures.device')}>
          {(ids) => (
            <select {...ids} className={SELECT_CLASS} value={deviceOf(node)} onChange={(e) => onChange(setDevice(node, e.target.value as Device))}>
              <option value="">{t('structures.deviceAny')}</option>
              <option value="desktop">{t('structures.deviceDesktop')}</option>
              <option value="mobile">{t('structures.deviceMobile')}</option>
            </select>
          )}
        </Field>
        <OsField value={osOf(node)} onCommit={(text) => onChange(setOs(node, text))} />
        <Field label={t('structures.rating')} hint={t('structures.ratingHint')}>
          {(ids) => <input {...ids} type="number" min={0} max={1000} inputMode="numeric" className={INPUT_CLASS} value={ratingOf(node)} onChange={(e) => onChange(setRating(node, e.target.value))} />}
        </Field>
      </fieldset>
    </div>
  );
}

/** The systems as typed (commas and spaces kept while typing), stored on leaving the field. */
function OsField({ value, onCommit }: { value: string; onCommit: (text: string) => void }) {
  const { t } = useAdminI18n();
  // The text being typed; null while the field shows the stored value.
  const [typing, setTyping] = useState<string | null>(null);
  const text = typing ?? value;
  return (
    <Field label={t('structures.os')} hint={t('structures.osHint')}>
      {(ids) => <input {...ids} dir="ltr" className={INPUT_CLASS} value={text} onChange={(e) => setTyping(e.target.value)} onBlur={() => {
            if (typing !== null) onCommit(typing);
            setTyping(null);
          }} />}
    </Field>
  );
}
