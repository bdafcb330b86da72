/** The console's app: its providers (messages, the host's tenant, TanStack Query) around the route table (routes.tsx). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18nInstance } from 'i18next';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AdminI18nProvider } from '@/admin/components/i18n-provider';
import { HostTenant } from './host-tenant';
import { createRouter } from './routes';

export function ConsoleApp({ i18n, hostTenant }: { i18n: I18nInstance; hostTenant: string }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, refetchOnWindowFocus: false } } }));
  const [router] = useState(createRouter);
  return (
    <AdminI18nProvider instance={i18n}>
      <HostTenant value={hostTenant}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </HostTenant>
    </AdminI18nProvider>
  );
}
