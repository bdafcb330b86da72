/**
 * Webhooks out (issue 78 item 1; owners and platform administrators): the endpoints the portal signs and sends the
 * chosen events to (Standard Webhooks), a form to add one (its whsec_ secret shown once), per endpoint a switch,
 * a secret rotation (both secrets sign for a day), removal, and its deliveries with every attempt and a resend.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { DataTable } from '@/admin/components/data-table';
import { Notice, PageHeader, Section } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { Deliveries } from './components/deliveries';
import { EndpointForm } from './components/endpoint-form';
import { SecretOnce } from './components/secret-once';
import { bodyOf, webhookCalls, type Endpoint, type EndpointBody } from './webhooks-api';
import { webhookErrorText } from './webhooks-errors';
import { webhookKeys } from './webhooks-keys';

const column = createColumnHelper<Endpoint>();

export default function WebhooksPage() {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const key = webhookKeys.endpoints(tenant);
  const endpoints = useQuery({ queryKey: key, queryFn: () => webhookCalls.list(api) });
  const [notice, setNotice] = useState<Outcome | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const create = async (body: EndpointBody) => {
    try {
      const issued = await webhookCalls.create(api, body);
      setSecret({ url: issued.endpoint.url, secret: issued.secret });
      setNotice({ tone: 'success', text: t('webhooks.added', { url: issued.endpoint.url }) });
      await refresh();
    } catch (error) {
      setNotice({ tone: 'error', text: webhookErrorText(t, error) });
      throw error;
    }
  };
  const toggle = useMutation({
    mutationFn: (e: Endpoint) => webhookCalls.update(api, e.id, bodyOf(e, { enabled: !e.enabled })),
    onSuccess: (e) => {
      setNotice({ tone: 'success', text: t(e.enabled ? 'webhooks.enabledNow' : 'webhooks.disabledNow', { url: e.url }) });
      return refresh();
    },
    onError: (error) => setNotice({ tone: 'error', text: webhookErrorText(t, error) }),
  });
  const rotate = useMutation({
    mutationFn: (e: Endpoint) => webhookCalls.rotate(api, e.id),
    onSuccess: (issued) => {
      setSecret({ url: issued.endpoint.url, secret: issued.secret });
      setNotice({ tone: 'success', text: t('webhooks.rotated', { url: issued.endpoint.url }) });
      return refresh();
    },
    onError: (error) => setNotice({ tone: 'error', text: webhookErrorText(t, error) }),
  });
  const remove = useMutation({
    mutationFn: (e: Endpoint) => webhookCalls.remove(api, e.id),
    onSuccess: (_, e) => {
      setNotice({ tone: 'success', text: t('webhooks.deleted', { url: e.url }) });
      if (open === e.id) setOpen(null);
      return refresh();
    },
    onError: (error) => setNotice({ tone: 'error', text: webhookErrorText(t, error) }),
  });

  const columns = useMemo(
    () => [
      column.accessor('url', {
        header: () => t('webhooks.url'),
        cell: (info) => (
          <span className="flex flex-col">
            <span className="break-all font-medium"><Ltr>{info.getValue()}</Ltr></span>
            {info.row.original.description && <span className="text-sm text-muted">{info.row.original.description}</span>}
          </span>
        ),
      }),
      column.accessor('events', {
        header: () => t('webhooks.events'),
        enableSorting: false,
        cell: (info) => <span title={info.getValue().join(', ')}>{t('webhooks.eventCount', { count: info.getValue().length })}</span>,
      }),
      column.accessor('enabled', {
        header: () => t('webhooks.state'),
        cell: (info) => {
          const e = info.row.original;
          if (e.enabled) return e.failingSince ? t('webhooks.stateFailing') : t('webhooks.stateEnabled');
          return e.disabledReason === 'failing' ? t('webhooks.stateDisabledFailing') : t('webhooks.stateDisabled');
        },
      }),
      column.display({
        id: 'actions',
        header: () => t('webhooks.actions'),
        cell: (info) => {
          const e = info.row.original;
          return (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" aria-pressed={open === e.id} aria-label={t('webhooks.deliveriesOf', { url: e.url })} onClick={() => setOpen(open === e.id ? null : e.id)}>
                {t('webhooks.deliveries')}
              </Button>
              <Button variant="secondary" disabled={toggle.isPending} aria-label={t(e.enabled ? 'webhooks.disableOf' : 'webhooks.enableOf', { url: e.url })} onClick={() => toggle.mutate(e)}>
                {t(e.enabled ? 'webhooks.disable' : 'webhooks.enable')}
              </Button>
              <Button
                variant="secondary"
                disabled={rotate.isPending}
                aria-label={t('webhooks.rotateOf', { url: e.url })}
                onClick={() => {
                  if (window.confirm(t('webhooks.confirmRotate', { url: e.url }))) rotate.mutate(e);
                }}
              >
                {t('webhooks.rotate')}
              </Button>
              <Button
                variant="secondary"
                disabled={remove.isPending}
                aria-label={t('webhooks.deleteOf', { url: e.url })}
                onClick={() => {
                  if (window.confirm(t('webhooks.confirmDelete', { url: e.url }))) remove.mutate(e);
                }}
              >
                {t('webhooks.delete')}
              </Button>
            </div>
          );
        },
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the cells read the mutations' state at render
    [t, open, toggle.isPending, rotate.isPending, remove.isPending],
  );
  const opened = endpoints.data?.items.find((e) => e.id === open);

  return (
    <>
      <PageHeader title={t('webhooks.title')} intro={t('webhooks.intro')} />
      <div className="flex flex-col gap-6">
        {secret && <SecretOnce url={secret.url} secret={secret.secret} onClose={() => setSecret(null)} />}
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <Section title={t('webhooks.add')}>
          {endpoints.data && <EndpointForm eventTypes={endpoints.data.eventTypes} privateAllowed={endpoints.data.privateAllowed} onSubmit={create} />}
        </Section>
        <Section title={t('webhooks.count', { count: endpoints.data?.items.length ?? 0 })}>
          {endpoints.isPending ? (
            <p role="status" className="text-muted">{t('loading')}</p>
          ) : endpoints.isError ? (
            <Notice tone="error">{webhookErrorText(t, endpoints.error)}</Notice>
          ) : (
            <DataTable data={endpoints.data.items} columns={columns} getRowId={(row) => row.id} label={t('webhooks.title')} empty={t('webhooks.empty')} rowAttributes={(e) => ({ 'data-url': e.url })} wide />
          )}
        </Section>
        {opened && (
          <Section title={t('webhooks.deliveries')}>
            <p className="mb-3 break-all font-medium"><Ltr>{opened.url}</Ltr></p>
            <Deliveries endpoint={opened} onNotice={(tone, text) => setNotice({ tone, text })} />
          </Section>
        )}
      </div>
    </>
  );
}
