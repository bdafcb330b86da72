import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18nInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppErrorBoundary } from './app-error-boundary';

export function AppProvider({ i18n, queryClient, children }: { i18n: I18nInstance; queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}
