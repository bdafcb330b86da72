/**
 * The tenant's staff (GET/POST /backend/admin/staff, PUT …/{id}/role, DELETE …/{id}/sessions, POST …/{id}/invitation):
 * a sortable grid (components/data-table.tsx), an invitation form, a role per row, a button that ends a member's
 * sessions and one that re-invites the member (a new link and authenticator; earlier links stop working).
 * /staff/:memberId (the console search's hit) opens the list with that member's row marked and focused.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { LANGUAGES, isLanguageCode } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate } from '@/lib/formatters';
import { DataTable } from '@/admin/components/data-table';
import { Notice, PageHeader, Section } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { grantableRoles, isRole, mayManage } from '@/admin/lib/roles';
import { InviteForm } from './components/invite-form';
import { staffCalls, type Member } from './staff-api';
import { staffErrorText } from './staff-errors';
import { staffKeys } from './staff-keys';

const column = createColumnHelper<Member>();

export default function StaffPage() {
  const { t, lang } = useAdminI18n();
  const { api, me, tenant } = useConsole();
  const queryClient = useQueryClient();
  const key = staffKeys.all(tenant);
  const staff = useQuery({ queryKey: key, queryFn: () => staffCalls.list(api) });
  const [notice, setNotice] = useState<Outcome | null>(null);
  const roleName = (role: string) => (isRole(role) ? t(`roles.${role}`) : role);
  const { memberId } = useParams();
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!memberId || !staff.data) return;
    const row = grid.current?.querySelector<HTMLElement>(`tr[data-member="${CSS.escape(memberId)}"]`);
    row?.scrollIntoView({ block: 'center' });
    row?.focus();
  }, [memberId, staff.data]);

  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: string }) => staffCalls.changeRole(api, id, role),
    onSuccess: (member) => {
      setNotice({ tone: 'success', text: t('staff.roleChanged', { email: member.email, role: roleName(member.role) }) });
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      setNotice({ tone: 'error', text: staffErrorText(t, error) });
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const revoke = useMutation({
    mutationFn: (member: Member) => staffCalls.revokeSessions(api, member.id),
    onSuccess: (result, member) => setNotice({ tone: 'success', text: t('staff.revoked', { count: result.revoked, email: member.email }) }),
    onError: (error) => setNotice({ tone: 'error', text: staffErrorText(t, error) }),
  });
  const reinvite = useMutation({
    mutationFn: (member: Member) => staffCalls.reinvite(api, member.id),
    onSuccess: (result) => setNotice({ tone: 'success', text: t('staff.reinvited', { email: result.staff.email }) }),
    onError: (error) => setNotice({ tone: 'error', text: staffErrorText(t, error) }),
  });
  const takeBack = useMutation({
    mutationFn: (member: Member) => staffCalls.takeBackInvitation(api, member.id),
    onSuccess: (member) => {
      setNotice({ tone: 'success', text: t('staff.invitationTakenBack', { email: member.email }) });
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => setNotice({ tone: 'error', text: staffErrorText(t, error) }),
  });
  const setStatus = useMutation({
    mutationFn: ({ member, status }: { member: Member; status: 'active' | 'disabled' }) => staffCalls.setStatus(api, member.id, status),
    onSuccess: (member) => {
      setNotice({ tone: 'success', text: t(member.status === 'disabled' ? 'staff.deactivated' : 'staff.reactivated', { email: member.email }) });
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => setNotice({ tone: 'error', text: staffErrorText(t, error) }),
  });

  const columns = useMemo(
    () => [
      column.accessor('email', {
        header: () => t('staff.email'),
        cell: (info) => (
          <span className="font-medium">
            <Ltr>{info.getValue()}</Ltr>
            {info.row.original.id === me.id && <span className="ms-2 text-sm text-muted">({t('staff.you')})</span>}
          </span>
        ),
      }),
      column.accessor('role', {
        header: () => t('staff.role'),
        cell: (info) => {
          const member = info.row.original;
          const roles = grantableRoles(me.role);
          const editable = member.id !== me.id && mayManage(me.role, member.role);
          if (!editable) return roleName(member.role);
          const options = roles.includes(member.role as (typeof roles)[number]) ? roles : [member.role, ...roles];
          return (
            <select
              aria-label={t('staff.roleOf', { email: member.email })}
              className="h-9 rounded-lg border border-border bg-bg px-2 text-text"
              value={member.role}
              disabled={changeRole.isPending}
              onChange={(e) => {
                // A role change takes effect on the member's next call: ask first.
                if (window.confirm(t('staff.confirmRole', { email: member.email, role: roleName(e.target.value) }))) changeRole.mutate({ id: member.id, role: e.target.value });
              }}
            >
              {options.map((role) => (
                <option key={role} value={role}>
                  {roleName(role)}
                </option>
              ))}
            </select>
          );
        },
      }),
      column.accessor('status', {
        header: () => t('staff.status'),
        cell: (info) => (info.getValue() === 'active' ? t('staff.statusActive') : info.getValue() === 'invited' ? t('staff.statusInvited') : info.getValue() === 'disabled' ? t('staff.statusDisabled') : info.getValue()),
      }),
      column.accessor('language', { header: () => t('staff.language'), cell: (info) => LANGUAGES.find((l) => l.code === info.getValue())?.name ?? info.getValue() }),
      column.accessor('createdAt', { header: () => t('staff.created'), cell: (info) => formatDate(info.getValue(), isLanguageCode(lang) ? lang : 'en') }),
      column.display({
        id: 'actions',
        header: () => t('staff.actions'),
        cell: (info) => {
          const member = info.row.original;
          if (member.id === me.id || !mayManage(me.role, member.role)) return null;
          return (
            <div className="flex flex-wrap gap-2">
              {member.status === 'active' && (
                <Button
                  variant="secondary"
                  aria-label={t('staff.revokeOf', { email: member.email })}
                  disabled={revoke.isPending}
                  onClick={() => {
                    if (window.confirm(t('staff.confirmRevoke', { email: member.email }))) revoke.mutate(member);
                  }}
                >
                  {t('staff.revoke')}
                </Button>
              )}
              {member.status !== 'disabled' && (
                <Button variant="secondary" aria-label={t('staff.reinviteOf', { email: member.email })} disabled={reinvite.isPending} onClick={() => reinvite.mutate(member)}>
                  {t('staff.reinvite')}
                </Button>
              )}
              {member.status === 'invited' ? (
                <Button
                  variant="secondary"
                  aria-label={t('staff.takeBackOf', { email: member.email })}
                  disabled={takeBack.isPending}
                  onClick={() => {
                    if (window.confirm(t('staff.confirmTakeBack', { email: member.email }))) takeBack.mutate(member);
                  }}
                >
                  {t('staff.takeBack')}
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  aria-label={t(member.status === 'disabled' ? 'staff.reactivateOf' : 'staff.deactivateOf', { email: member.email })}
                  disabled={setStatus.isPending}
                  onClick={() => {
                    if (member.status === 'disabled') setStatus.mutate({ member, status: 'active' });
                    else if (window.confirm(t('staff.confirmDeactivate', { email: member.email }))) setStatus.mutate({ member, status: 'disabled' });
                  }}
                >
                  {t(member.status === 'disabled' ? 'staff.reactivate' : 'staff.deactivate')}
                </Button>
              )}
            </div>
          );
        },
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the cells read the mutations' state at render
    [t, lang, me, changeRole.isPending, revoke.isPending, reinvite.isPending, takeBack.isPending, setStatus.isPending],
  );

  return (
    <>
      <PageHeader title={t('staff.title')} intro={t('staff.intro')} />
      <div className="flex flex-col gap-6">
        <Section title={t('staff.invite')}>
          <InviteForm onDone={(tone, text) => setNotice({ tone, text })} />
        </Section>
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <Section title={t('staff.count', { count: staff.data?.length ?? 0 })}>
          {staff.isPending ? (
            <p role="status" className="text-muted">{t('loading')}</p>
          ) : staff.isError ? (
            <Notice tone="error">{staffErrorText(t, staff.error)}</Notice>
          ) : (
            <div ref={grid} className="[&_tr[data-current=true]]:bg-primary/10">
              <DataTable
                data={staff.data}
                columns={columns}
                getRowId={(row) => row.id}
                label={t('staff.title')}
                empty={t('staff.empty')}
                sortable
                pageSize={100}
                rowAttributes={(member) => ({ 'data-email': member.email, 'data-member': member.id, 'data-current': String(member.id === memberId) })}
              />
            </div>
          )}
        </Section>
      </div>
    </>
  );
}
