/**
 * Retiring many plans at once (issue 78 item 3): the plans selected in the grid, one successor for all (or none:
 * their subscribers keep renewing on the retired plans), a dialog naming the count, the job's progress and the plans
 * it refused (components/bulk-bar.tsx). Finance, admins and owners, as a single retirement.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isolated } from '@/lib/formatters';
import { BulkActionSelect } from '@/admin/components/bulk-action-select';
import { BulkBar } from '@/admin/components/bulk-bar';
import { Field, SELECT_CLASS } from '@/admin/components/fields';
import type { BulkSelection } from '@/admin/lib/bulk-job';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { planCalls, type AdminPlans, type PlansBulkBody } from '../plans-api';
import { planLabel } from '../plans-form';
import { planKeys } from '../plan-keys';

export function PlansBulk({ selection, plans, onClear }: { selection: BulkSelection; plans: AdminPlans['plans']; onClear: () => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const client = useQueryClient();
  const [action, setAction] = useState<'retire' | ''>('');
  const [successor, setSuccessor] = useState('');
  const ids = selection.all ? [] : selection.ids;
  const sold = plans.filter((p) => p.state === 'ACTIVE' && !ids.includes(String(p.id)));
  const rows = (count: number) => isolated(t('bulk.plans', { count }));
  const chosen = sold.find((p) => String(p.id) === successor);
  const confirmText = action !== 'retire' || ids.length === 0
    ? null
    : chosen
      ? t('plans.bulk.confirm.retireOnto', { rows: rows(ids.length), successor: isolated(planLabel(chosen, lang)) })
      : t('plans.bulk.confirm.retire', { rows: rows(ids.length) });
  const controls = (
    <>
      <BulkActionSelect value={action} options={[{ value: 'retire', label: t('plans.bulk.retire') }]} onChange={setAction} />
      {action === 'retire' && (
        <Field label={t('plans.bulk.successor')} hint={t('plans.bulk.successorHint')}>
          {(field) => (
            <select {...field} className={SELECT_CLASS} value={successor} onChange={(e) => setSuccessor(e.target.value)}>
              <option value="">{t('plans.bulk.noSuccessor')}</option>
              {sold.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {planLabel(p, lang)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
  const body: PlansBulkBody = { action: 'retire', ids: ids.map(Number), ...(chosen ? { successorId: chosen.id } : {}) };
  return (
    <BulkBar
      selection={selection}
      pageIds={[]}
      total={ids.length}
      onSelectAll={() => undefined}
      onClear={onClear}
      rows={rows}
      controls={controls}
      confirmText={confirmText}
      start={(key) => planCalls.bulk(api, body, key)}
      readJob={(id) => planCalls.bulkJob(api, id)}
      queryKey={[...planKeys.list(tenant), 'bulk']}
      onFinished={() => {
        void client.invalidateQueries({ queryKey: planKeys.list(tenant) });
        onClear();
        setAction('');
        setSuccessor('');
      }}
    />
  );
}
