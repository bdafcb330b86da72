import { RouterProvider } from 'react-router';
import './card-actions';
import { AppProvider } from './provider';
import type { InitializedApp } from './startup';

type Router = Parameters<typeof RouterProvider>[0]['router'];

export function App({ app, router }: { app: InitializedApp; router: Router }) {
  return (
    <AppProvider i18n={app.i18n} queryClient={app.queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
