import { Outlet } from 'react-router';

/** Layout turned off: the page alone, edge to edge, in the tenant's colours. */
export function MarketingLayout() {
  return (
    <main id="main-content" className="min-h-dvh bg-bg text-text">
      <Outlet />
    </main>
  );
}
