/**
 * One customer (GET /backend/admin/customers/{userId}; viewing it is in the audit log): profile,
 * sign-ins and sessions, subscriptions with their event timeline, payments, single purchases, the
 * wallet, voucher orders, parental control on or off, notifications, likes, ratings, tickets and
 * teams. Each section has its heading; tables scroll in their own region (DataTable). The actions of
 * other helpers render in their slots (components/customer-actions.tsx, customer-refund.tsx, customer-data.tsx).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { Ltr } from '@/components/ui/ltr-text';
import { formatPrice } from '@/lib/formatters';
import { DataTable } from '@/admin/components/data-table';
import { Notice, PageHeader, Section } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { contentTypeName } from '@/admin/lib/content-names';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { AccountActions, GrantArticle, PurchaseActions, VoucherOrderActions } from './components/customer-actions';
import { DataActions } from './components/customer-data';
import { Facts } from './components/facts';
import { useWhen } from './components/use-when';
import { PaymentActions } from './components/customer-refund';
import { SubscriptionCard } from './components/subscription-card';
import { customerCalls, type Customer, type CustomerPayment } from './customers-api';
import { customerKeys } from './customer-keys';

type Session = Customer['sessions'][number];
type Purchase = Customer['purchases'][number];
type WalletItem = Customer['wallet'][number];
type VoucherOrder = Customer['voucherOrders'][number];
type Notification = Customer['notifications'][number];
type Team = Customer['teams'][number];

const SOURCES = ['purchase', 'credit', 'voucher'] as const;
const isSource = (value: string): value is (typeof SOURCES)[number] => (SOURCES as readonly string[]).includes(value);

export default function CustomerPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const { userId = '' } = useParams();
  const client = useQueryClient();
  const key = customerKeys.detail(tenant, userId);
  const customer = useQuery({ queryKey: key, queryFn: () => customerCalls.read(api, userId) });
  const onDone = () => void client.invalidateQueries({ queryKey: key });
  const when = useWhen();
  const money = (amount: number, currency: string) => <Ltr>{formatPrice(amount, currency, lang)}</Ltr>;

  const sessionCol = createColumnHelper<Session>();
  const paymentCol = createColumnHelper<CustomerPayment>();
  const purchaseCol = createColumnHelper<Purchase>();
  const walletCol = createColumnHelper<WalletItem>();
  const orderCol = createColumnHelper<VoucherOrder>();
  const noteCol = createColumnHelper<Notification>();
  const teamCol = createColumnHelper<Team>();
  const columns = useMemo(
    () => ({
      sessions: [
        sessionCol.accessor('createdAt', { header: () => t('customers.signedIn'), cell: (info) => when(info.getValue()) }),
        sessionCol.accessor('lastTokenAt', { header: () => t('customers.lastActive'), cell: (info) => when(info.getValue()) }),
        sessionCol.accessor('open', {
          header: () => t('customers.state'),
          cell: (info) => (info.getValue() ? t('customers.open') : info.row.original.revokedAt ? t('customers.ended', { reason: info.row.original.revokeReason ?? '' }) : t('customers.expired')),
        }),
      ],
      payments: [
        paymentCol.accessor('createdAt', { header: () => t('customers.when'), cell: (info) => when(info.getValue()) }),
        paymentCol.accessor('id', {
          header: () => t('customers.payment'),
          cell: (info) => (
            <span className="flex flex-col text-xs">
              <Ltr>{info.getValue()}</Ltr>
              <span className="text-muted"><Ltr>{`${info.row.original.purpose} · ${info.row.original.reference}`}</Ltr></span>
            </span>
          ),
        }),
        paymentCol.accessor('provider', {
          header: () => t('customers.instrument'),
          cell: (info) => (
            <span className="flex flex-col">
              <Ltr>{`${info.getValue()} · ${info.row.original.instrument}`}</Ltr>
              {info.row.original.providerReference && <span className="text-xs text-muted"><Ltr>{info.row.original.providerReference}</Ltr></span>}
            </span>
          ),
        }),
        paymentCol.accessor('amount', { header: () => t('customers.amount'), cell: (info) => money(info.getValue(), info.row.original.currency) }),
        paymentCol.accessor('refunded', { header: () => t('customers.refunded'), cell: (info) => money(info.getValue(), info.row.original.currency) }),
        paymentCol.accessor('status', {
          header: () => t('customers.status'),
          cell: (info) => {
            const p = info.row.original;
            return (
              <span className="flex flex-col">
                <Ltr>{info.getValue()}</Ltr>
                {p.disputeStatus && (
                  <span className="text-xs font-semibold text-red-700 dark:text-red-300">
                    {t('customers.disputed', { status: p.disputeStatus, reason: p.disputeReason ?? '' })}
                  </span>
                )}
              </span>
            );
          },
        }),
        paymentCol.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('customers.actions')}</span>,
          cell: (info) => {
            const p = info.row.original;
            return <PaymentActions userId={userId} payment={p} onDone={onDone} />;
          },
        }),
      ],
      purchases: [
        purchaseCol.accessor('createdAt', { header: () => t('customers.when'), cell: (info) => when(info.getValue()) }),
        purchaseCol.accessor('articleId', { header: () => t('customers.article'), cell: (info) => (
            <>
              <Ltr>{`#${info.getValue()}`}</Ltr> ({contentTypeName(info.row.original.contentType, t)})
            </>
          ),
        }),
        purchaseCol.accessor('amount', { header: () => t('customers.amount'), cell: (info) => money(info.getValue(), info.row.original.currency) }),
        purchaseCol.accessor('status', { header: () => t('customers.status'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
        purchaseCol.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('customers.actions')}</span>,
          cell: (info) => <PurchaseActions userId={userId} purchase={{ id: info.row.original.id, articleId: info.row.original.articleId }} onDone={onDone} />,
        }),
      ],
      wallet: [
        walletCol.accessor('acquiredAt', { header: () => t('customers.when'), cell: (info) => when(info.getValue()) }),
        walletCol.accessor('articleId', { header: () => t('customers.article'), cell: (info) => (
            <>
              <Ltr>{`#${info.getValue()}`}</Ltr> ({contentTypeName(info.row.original.contentType, t)})
            </>
          ),
        }),
        walletCol.accessor('source', { header: () => t('customers.source'), cell: (info) => {
            const source = info.getValue();
            return isSource(source) ? t(`customers.sources.${source}`) : source;
          },
        }),
      ],
      orders: [
        orderCol.accessor('createdAt', { header: () => t('customers.when'), cell: (info) => when(info.getValue()) }),
        orderCol.accessor('id', { header: () => t('customers.order'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
        orderCol.accessor('amount', { header: () => t('customers.amount'), cell: (info) => money(info.getValue(), info.row.original.currency) }),
        orderCol.accessor('status', { header: () => t('customers.status'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
        orderCol.accessor('codes', { header: () => t('customers.codes'), cell: (info) => t('customers.codeCount', { count: info.getValue() }) }),
        orderCol.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('customers.actions')}</span>,
          cell: (info) => <VoucherOrderActions userId={userId} orderId={info.row.original.id} onDone={onDone} />,
        }),
      ],
      notifications: [
        noteCol.accessor('createdAt', { header: () => t('customers.when'), cell: (info) => when(info.getValue()) }),
        noteCol.accessor('kind', { header: () => t('customers.kind'), cell: (info) => <code dir="ltr">{info.getValue()}</code> }),
        noteCol.accessor('readAt', { header: () => t('customers.read'), cell: (info) => (info.getValue() ? when(info.getValue()) : t('customers.unread')) }),
      ],
      teams: [
        teamCol.accessor('name', { header: () => t('customers.team'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
        teamCol.accessor('tournamentId', { header: () => t('customers.tournament'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
        teamCol.accessor('role', { header: () => t('customers.teamRole'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
        teamCol.accessor('joinedAt', { header: () => t('customers.joined'), cell: (info) => when(info.getValue()) }),
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the cells read t, lang and the user only
    [t, lang, userId],
  );

  if (customer.isPending) return <p role="status" className="text-muted">{t('loading')}</p>;
  if (customer.isError)
    return (
      <>
        <PageHeader title={t('customers.title')} />
        <Notice tone="error">{t('customers.notFound')}</Notice>
        <p className="mt-4">
          <Link to="/customers" className="text-primary underline">{t('customers.back')}</Link>
        </p>
      </>
    );
  const c = customer.data;
  const p = c.profile;
  const fullName = [p.name, p.lastName].filter(Boolean).join(' ');
  return (
    <>
      <p className="mb-2">
        <Link to="/customers" className="text-sm text-primary underline focus-visible:outline-2 focus-visible:outline-accent">{t('customers.back')}</Link>
      </p>
      <PageHeader title={fullName.length > 0 ? fullName : (p.email ?? p.msisdn ?? p.userId)} intro={t('customers.pageIntro')} />
      <div className="flex flex-col gap-6">
        <Section title={t('customers.profile')}>
          <Facts
            items={[
              [t('customers.email'), p.email ? <Ltr key="e">{p.email}</Ltr> : '—'],
              [t('customers.msisdn'), p.msisdn ? <Ltr key="m">{p.msisdn}</Ltr> : '—'],
              [t('customers.name'), fullName || '—'],
              [t('customers.userId'), <Ltr key="u">{p.userId}</Ltr>],
              [t('customers.uuid'), <Ltr key="i">{p.uuid}</Ltr>],
              [t('customers.tenant'), <Ltr key="t">{p.tenant}</Ltr>],
              [t('customers.language'), p.language ?? '—'],
              [t('customers.password'), p.hasPassword ? t('customers.yes') : t('customers.no')],
              [t('customers.created'), when(p.createdAt)],
              [t('customers.parental'), c.parentalControl ? t('customers.on') : t('customers.off')],
            ]}
          />
          <div className="mt-4 flex flex-wrap gap-3">
            <AccountActions userId={p.uuid} onDone={onDone} />
            <DataActions userId={p.uuid} onDone={onDone} />
          </div>
        </Section>

        <Section title={t('customers.signIns')}>
          <p className="mb-3">
            {c.signIn.locked ? t('customers.locked') : t('customers.notLocked')} {t('customers.failures', { count: c.signIn.recentFailures })} {t('customers.openSessions', { count: c.openSessions })}
          </p>
          <DataTable data={c.sessions} columns={columns.sessions} getRowId={(s) => s.id} label={t('customers.sessions')} empty={t('customers.noSessions')} />
        </Section>

        <Section title={t('customers.subscriptions')}>
          {c.subscriptions.length === 0 ? (
            <p className="text-muted">{t('customers.noSubscriptions')}</p>
          ) : (
            <div className="flex flex-col gap-4">
              {c.subscriptions.map((s) => (
                <SubscriptionCard key={s.id} userId={p.uuid} subscription={s} onDone={onDone} />
              ))}
            </div>
          )}
        </Section>

        <Section title={t('customers.payments')}>
          <DataTable data={c.payments} columns={columns.payments} getRowId={(x) => x.id} label={t('customers.payments')} empty={t('customers.noPayments')} wide />
        </Section>

        <Section title={t('customers.purchases')}>
          <div className="mb-3">
            <GrantArticle userId={p.uuid} onDone={onDone} />
          </div>
          <DataTable data={c.purchases} columns={columns.purchases} getRowId={(x) => x.id} label={t('customers.purchases')} empty={t('customers.noPurchases')} wide />
        </Section>

        <Section title={t('customers.wallet')}>
          <DataTable data={c.wallet} columns={columns.wallet} getRowId={(x) => x.articleId} label={t('customers.wallet')} empty={t('customers.noWallet')} />
        </Section>

        <Section title={t('customers.voucherOrders')}>
          <DataTable data={c.voucherOrders} columns={columns.orders} getRowId={(x) => x.id} label={t('customers.voucherOrders')} empty={t('customers.noOrders')} wide />
        </Section>

        <Section title={t('customers.activity')}>
          <Facts
            items={[
              [t('customers.likesLabel'), t('customers.likes', { count: c.likes })],
              [t('customers.ratingsLabel'), t('customers.ratings', { count: c.ratings })],
              [t('customers.ticketsLabel'), t('customers.tickets', { count: c.tickets })],
              [t('customers.challenges'), c.challenges.length ? <Ltr key="c">{c.challenges.join(', ')}</Ltr> : '—'],
            ]}
          />
          <h3 className="mt-4 mb-2 font-semibold">{t('customers.teams')}</h3>
          <DataTable data={c.teams} columns={columns.teams} getRowId={(x) => x.id} label={t('customers.teams')} empty={t('customers.noTeams')} />
        </Section>

        <Section title={t('customers.notifications')}>
          <p className="mb-3">{t('customers.unreadCount', { count: c.unreadNotifications })}</p>
          <DataTable data={c.notifications} columns={columns.notifications} getRowId={(x) => x.id} label={t('customers.notifications')} empty={t('customers.noNotifications')} />
        </Section>
      </div>
    </>
  );
}
