/** A node's schedule: shown from and until (UTC times; the storefront leaves it out before and after). */
import { Field, INPUT_CLASS } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { inputFromUtc, scheduleOf, setSchedule, utcFromInput, type TreeNode } from '../structures-tree';

export function ScheduleFields({ node, onChange }: { node: TreeNode; onChange: (node: TreeNode) => void }) {
  const { t } = useAdminI18n();
  const schedule = scheduleOf(node);
  const when = (edge: 'from' | 'until', label: string) => (
    <Field label={label} hint={t('structures.scheduleHint')}>
      {(ids) => <input {...ids} type="datetime-local" step={1} className={INPUT_CLASS} value={inputFromUtc(schedule[edge])} onChange={(e) => onChange(setSchedule(node, { ...schedule, [edge]: utcFromInput(e.target.value) }))} />}
    </Field>
  );
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 sm:grid-cols-2">
      <legend className="mb-2 font-semibold">{t('structures.schedule')}</legend>
      {when('from', t('structures.from'))}
      {when('until', t('structures.until'))}
    </fieldset>
  );
}
