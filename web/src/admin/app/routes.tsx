/**
 * The console's route table: every page is a module of its feature (src/admin/features/<area>), loaded when its
 * route is opened, behind the role's guard; the shell (shell.tsx) frames them all.
 */
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { Guard, Home, NotFound } from './route-parts';
import { Shell } from './shell';

// Every page is a module of its feature (src/admin/features/<area>), loaded when its route is opened; a list
// and its detail are separate routes.
const SettingsPage = lazy(() => import('@/admin/features/settings/settings-page'));
const StaffPage = lazy(() => import('@/admin/features/staff/staff-page'));
const AuditPage = lazy(() => import('@/admin/features/audit/audit-page'));
const VouchersPage = lazy(() => import('@/admin/features/vouchers/vouchers-page'));
const VoucherBatchPage = lazy(() => import('@/admin/features/vouchers/voucher-batch-page'));
const MediaPage = lazy(() => import('@/admin/features/media/media-page'));
const StructuresPage = lazy(() => import('@/admin/features/structures/structures-page'));
const CatalogPage = lazy(() => import('@/admin/features/catalog/catalog-page'));
const CatalogEditorPage = lazy(() => import('@/admin/features/catalog/catalog-editor-page'));
const PlansPage = lazy(() => import('@/admin/features/plans/plans-page'));
const PlanEditPage = lazy(() => import('@/admin/features/plans/plan-edit-page'));
const CustomersPage = lazy(() => import('@/admin/features/customers/customers-page'));
const CustomerPage = lazy(() => import('@/admin/features/customers/customer-page'));
// The reports and their charting library load with the reports only (issue 35).
const WebhooksPage = lazy(() => import('@/admin/features/webhooks/webhooks-page'));
const ReportsPage = lazy(() => import('@/admin/features/reports/reports-page'));

export function createRouter() {
  return createBrowserRouter(
    [
      {
        path: '/',
        element: <Shell />,
        children: [
          { index: true, element: <Home /> },
          { path: 'settings', element: <Guard page="settings"><SettingsPage /></Guard> },
          { path: 'staff', element: <Guard page="staff"><StaffPage /></Guard> },
          { path: 'staff/:memberId', element: <Guard page="staff"><StaffPage /></Guard> },
          { path: 'audit', element: <Guard page="audit"><AuditPage /></Guard> },
          { path: 'vouchers', element: <Guard page="vouchers"><VouchersPage /></Guard> },
          { path: 'vouchers/:batchId', element: <Guard page="vouchers"><VoucherBatchPage /></Guard> },
          { path: 'media', element: <Guard page="media"><MediaPage /></Guard> },
          { path: 'structures', element: <Guard page="structures"><StructuresPage /></Guard> },
          { path: 'catalog', element: <Guard page="catalog"><CatalogPage /></Guard> },
          { path: 'catalog/:id', element: <Guard page="catalog"><CatalogEditorPage /></Guard> },
          { path: 'plans', element: <Guard page="plans"><PlansPage /></Guard> },
          { path: 'plans/:id', element: <Guard page="plans"><PlanEditPage /></Guard> },
          { path: 'customers', element: <Guard page="customers"><CustomersPage /></Guard> },
          { path: 'customers/:userId', element: <Guard page="customers"><CustomerPage /></Guard> },
          { path: 'webhooks', element: <Guard page="webhooks"><WebhooksPage /></Guard> },
          { path: 'reports/*', element: <Guard page="reports"><ReportsPage /></Guard> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
    { basename: '/admin' },
  );
}
