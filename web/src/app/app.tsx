import { RouterProvider } from 'react-router';
import { useParentalControlSync } from '@/features/parental-control/use-parental-control-sync';
import './card-actions';
import { AppProvider } from './provider';
import type { InitializedApp } from './startup';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/** Beside the router, not in its root route: a route error replaces that route, and the error page reads the parental config too. */
function ParentalControlSync() {
  useParentalControlSync();
  return null;
}

export function App({ app, router }: { app: InitializedApp; router: Router }) {
  return (
    <AppProvider i18n={app.i18n} queryClient={app.queryClient}>
      <ParentalControlSync />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
