/**
 * The audit log by names (issue 73 item 5): each entry's action and object named in the console's language (English
 * and Arabic), the action's code kept in its details, and the action and object filters chosen by name.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar/admin.json';
import en from '@/locales/en/admin.json';
import { fakeFetch, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import type { AuditEntry, AuditPage } from '../audit-api';
import { actionName, AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, namedChoices } from '../audit-names';
import AuditPageView from '../audit-page';

const entry = (id: number, action: string, objectType: string, objectId: string): AuditEntry => ({
  id, at: '2026-11-20T10:00:00Z', actorId: 's1', actorEmail: 'owner@example.com', actorRole: 'owner', action, call: 'POST /backend/admin/staff/x', objectType, objectId,
  before: null, after: { status: 'active' }, clientAddress: '127.0.0.1', requestId: 'r-1',
});
const page: AuditPage = { items: [entry(2, 'staff.enable', 'staff', 'm-7'), entry(1, 'staff.signInFailed', 'staff', 'm-7'), entry(0, 'future.thing', 'gadget', '9')], total: 3, page: 1, size: 25 };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

async function renderAudit(lang: 'en' | 'ar' = 'en') {
  const calls: FakeCall[] = [];
  const fetchImpl = fakeFetch((call) => {
    calls.push(call);
    return { status: 200, body: { data: page } };
  });
  await renderConsole(
    <MemoryRouter initialEntries={['/audit']}>
      <Routes>
        <Route path="/audit" element={<><AuditPageView /><Where /></>} />
      </Routes>
    </MemoryRouter>,
    { fetchImpl, lang },
  );
  return calls;
}

describe('the audit log by names', { timeout: 30_000 }, () => {
  it('names each action and object, keeps the code in the details, and filters by a name', async () => {
    const user = userEvent.setup();
    await renderAudit();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const enabled = table.querySelector<HTMLElement>('[data-action="staff.enable"]')!;
    expect(enabled).toHaveTextContent('Member reactivated');
    expect(enabled).toHaveTextContent('Member m-7');
    expect(enabled).not.toHaveTextContent('staff.enable');
    expect(table.querySelector('[data-action="staff.signInFailed"]')).toHaveTextContent('Sign-in failed');
    expect(table.querySelector('[data-action="future.thing"]')).toHaveTextContent('future.thing');  // unknown: as it is
    await user.click(within(enabled).getByRole('button', { name: 'Show the details of entry 2' }));
    expect(screen.getByText('Action code').nextSibling).toHaveTextContent('staff.enable');

    const action = screen.getByLabelText('Action');
    expect(action.tagName).toBe('SELECT');
    await user.selectOptions(action, 'Member deactivated');
    await user.selectOptions(screen.getByLabelText('Object type'), 'Plan');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?action=staff.disable&objectType=subscription_type'));
  });

  it('reads in Arabic', async () => {
    await renderAudit('ar');
    const table = await screen.findByRole('table', { name: ar.audit.title });
    expect(table.querySelector('[data-action="staff.enable"]')).toHaveTextContent('أُعيد تفعيل عضو');
    expect(table.querySelector('[data-action="staff.signInFailed"]')).toHaveTextContent('فشل تسجيل الدخول');
  });
});

describe('the audit codes', () => {
  const bundles = { en, ar } as const;
  it('name every action the server writes and every kind of object, in every bundle', () => {
    for (const [lang, bundle] of Object.entries(bundles)) {
      const names = bundle.audit.actions as Record<string, string>;
      for (const code of AUDIT_ACTIONS) expect(names[code.replaceAll('.', '_')], `${lang} ${code}`).toBeTruthy();
      const types = bundle.audit.objectTypes as Record<string, string>;
      for (const type of AUDIT_OBJECT_TYPES) expect(types[type], `${lang} ${type}`).toBeTruthy();
      expect(Object.keys(names)).toHaveLength(AUDIT_ACTIONS.length);
    }
  });

  it('offers the choices by name in the reader’s order, keeping a code from the address', () => {
    const t = (key: string) => ({ 'audit.actions.staff_role': 'Role changed', 'audit.actions.staff_enable': 'Member reactivated' })[key] ?? key;
    const choices = namedChoices(['staff.role', 'staff.enable'], (code) => actionName(code, t), 'en', 'old.code');
    expect(choices).toEqual([
      { value: 'staff.enable', label: 'Member reactivated' },
      { value: 'old.code', label: 'old.code' },
      { value: 'staff.role', label: 'Role changed' },
    ]);
  });
});
