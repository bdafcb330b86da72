/** Where a page shows the tenant's ads (features/analytics): only for a visitor who allowed marketing cookies. */
import { AdRegion } from '@/features/analytics/components/ad-region';
import type { AdPlace } from '@/features/analytics/google-ads';
import { allowsMarketing } from '@/features/consent/consent-cookies';
import { useConsent } from '@/features/consent/consent-store';

export function AdSlot({ place, className }: { place: AdPlace; className?: string }) {
  const allowed = useConsent((state) => allowsMarketing(state.consent));
  return <AdRegion place={place} allowed={allowed} className={className} />;
}
