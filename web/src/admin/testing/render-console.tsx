/**
 * Renders a piece of the console with its real providers (STYLE.md item 15): its messages (English, or Arabic
 * over English), a query client that does not retry, and the console's context: a member of `role` signed in
 * on tenant "alpha", whose calls go to `fetchImpl` (testing/fake-fetch.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import ar from '@/locales/ar/admin.json';
import en from '@/locales/en/admin.json';
import { AdminI18nProvider } from '@/admin/components/i18n-provider';
import { createConsoleClient } from '@/admin/lib/api';
import { ConsoleContext } from '@/admin/lib/console-context';
import { createAdminI18n } from '@/admin/lib/i18n';

export async function renderConsole(ui: ReactNode, { fetchImpl, role = 'owner', lang = 'en' }: { fetchImpl: typeof fetch; role?: string; lang?: 'en' | 'ar' }) {
  const i18n = await createAdminI18n(lang, lang === 'ar' ? ar : en, en);
  const api = createConsoleClient('alpha', () => undefined, fetchImpl);
  const me = { id: 's1', email: `${role}@example.com`, role, tenant: 'alpha', tenants: ['alpha'], sessionExpiresAt: '2026-11-25T18:00:00Z' };
  return render(
    <AdminI18nProvider instance={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConsoleContext value={{ me, tenant: 'alpha', api }}>{ui}</ConsoleContext>
      </QueryClientProvider>
    </AdminI18nProvider>,
  );
}
