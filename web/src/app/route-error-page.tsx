/** The router's error boundary: maps a thrown route error to a status for the error page. */
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { ErrorPage } from './error-page';

function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError && error.status >= 400) return error.status;
  return 500;
}

export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const status = errorStatus(error);
  if (status !== 404) console.error(error);
  const path = isRouteErrorResponse(error) && typeof (error.data as { path?: unknown } | null)?.path === 'string' ? (error.data as { path: string }).path : location.pathname;
  return <ErrorPage status={status} path={path} />;
}
