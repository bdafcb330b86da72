/**
 * Where a page shows the tenant's ads (features/analytics): only for a visitor who allowed marketing
 * cookies, so the ad code loads only for one (issue 52).
 */
import { Suspense } from 'react';
import type { AdPlace } from '@/features/analytics/google-ads';
import { allowsMarketing } from '@/features/consent/consent-cookies';
import { useConsent } from '@/features/consent/consent-store';
import { lazyPart } from '@/lib/lazy-part';

const AdRegion = lazyPart(() => import('@/features/analytics/components/ad-region').then((module) => module.AdRegion));

export function AdSlot({ place, className }: { place: AdPlace; className?: string }) {
  const allowed = useConsent((state) => allowsMarketing(state.consent));
  if (!allowed) return null;
  return (
    <Suspense fallback={null}>
      <AdRegion place={place} allowed className={className} />
    </Suspense>
  );
}
