/**
 * The reports (issue 35; /admin/reports/…): Money, Subscribers, Consumption and Royalties, each its own
 * address. Loaded lazily by the console (src/admin/app/app.tsx), so that no other console page loads the charting
 * library (echarts) with it.
 */
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { PageHeader } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import ConsumptionPage from './consumption-page';
import MoneyPage from './money-page';
import RoyaltiesPage from './royalties-page';
import SubscribersPage from './subscribers-page';

const REPORTS = ['money', 'subscribers', 'consumption', 'royalties'] as const;

export default function ReportsPage() {
  const { t } = useAdminI18n();
  return (
    <>
      <PageHeader title={t('reports.title')} intro={t('reports.intro')} />
      <nav aria-label={t('reports.tabs.label')} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {REPORTS.map((report) => (
            <li key={report}>
              <NavLink
                to={`/reports/${report}`}
                className={({ isActive }) =>
                  `block rounded-xl border px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent ${isActive ? 'border-primary bg-primary text-primary-contrast' : 'border-border bg-surface text-text hover:border-primary'}`
                }
              >
                {t(`reports.tabs.${report}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Navigate to="money" replace />} />
        <Route path="money" element={<MoneyPage />} />
        <Route path="subscribers" element={<SubscribersPage />} />
        <Route path="consumption" element={<ConsumptionPage />} />
        <Route path="royalties" element={<RoyaltiesPage />} />
        <Route path="*" element={<Navigate to="money" replace />} />
      </Routes>
    </>
  );
}
