/** One of the customer's plans: its state, dates and credits, support's actions on it, and its event timeline. */
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Ltr } from '@/components/ui/ltr-text';
import { DataTable } from '@/admin/components/data-table';
import { contentTypeList } from '@/admin/lib/content-names';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Customer } from '../customers-api';
import { SubscriptionActions } from './customer-actions';
import { Facts } from './facts';
import { useWhen } from './use-when';

type Subscription = Customer['subscriptions'][number];
type SubscriptionEvent = Subscription['events'][number];

const column = createColumnHelper<SubscriptionEvent>();

export function SubscriptionCard({ userId, subscription, onDone }: { userId: string; subscription: Subscription; onDone: () => void }) {
  const { t, lang } = useAdminI18n();
  const when = useWhen();
  // ACTIVE (with its sub-states: grace, pending); a cancelled or ended plan is over.
  const live = subscription.status.toUpperCase() === 'ACTIVE';
  const columns = useMemo(
    () => [
      column.accessor('at', { header: () => t('customers.when'), cell: (info) => when(info.getValue()) }),
      column.accessor('toState', {
        header: () => t('customers.change'),
        cell: (info) => <Ltr>{`${info.row.original.fromState ?? '—'} → ${info.getValue()}${info.row.original.toSubState ? ` (${info.row.original.toSubState})` : ''}`}</Ltr>,
      }),
      column.accessor('reason', { header: () => t('customers.reason'), cell: (info) => <code dir="ltr">{info.getValue()}</code> }),
      column.accessor('actor', { header: () => t('customers.actor'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
    ],
    [t, when],
  );
  return (
    <article className="rounded-xl border border-border p-4" aria-labelledby={`subscription-${subscription.id}`} data-live={live}>
      <h3 id={`subscription-${subscription.id}`} className="mb-3 font-semibold">
        {subscription.plan || t('customers.planNumber', { id: subscription.typeId })}
      </h3>
      <Facts
        items={[
          [t('customers.status'), <Ltr key="s">{subscription.status + (subscription.subState ? ` (${subscription.subState})` : '')}</Ltr>],
          [t('customers.started'), when(subscription.startDate)],
          [t('customers.ends'), subscription.endsAt ? when(subscription.endsAt) : t('customers.noEnd')],
          [t('customers.renews'), subscription.nextRenewalAt ? when(subscription.nextRenewalAt) : t('customers.noRenewal')],
          // "Cancels at the period's end" and credits belong to a live plan only: an ended one has neither.
          [t('customers.flags'), [subscription.trial && t('customers.trial'), live && subscription.cancelRequested && t('customers.cancelRequested')].filter(Boolean).join(', ') || '—'],
          [
            t('customers.credits'),
            !live || subscription.credits.length === 0
              ? '—'
              : subscription.credits
                  .map((c) => {
                    const types = contentTypeList(c.contentTypes, t, lang);
                    return c.left < 0 ? t('customers.unlimited', { types }) : t('customers.creditsLeft', { count: c.left, types });
                  })
                  .join('; '),
          ],
        ]}
      />
      <div className="mt-3">
        <SubscriptionActions userId={userId} subscription={{ id: subscription.id, status: subscription.status, endsAt: subscription.endsAt ?? null }} onDone={onDone} />
      </div>
      <h4 className="mt-4 mb-2 font-semibold">{t('customers.timeline')}</h4>
      <DataTable data={subscription.events} columns={columns} getRowId={(e) => String(e.version)} label={t('customers.timelineOf', { plan: subscription.plan || subscription.typeId })} empty={t('customers.noEvents')} wide />
    </article>
  );
}
