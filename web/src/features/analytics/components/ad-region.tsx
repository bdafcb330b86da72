/**
 * The tenant's ad unit at a place of the page (settings.googleAds, google-ads.ts), in a region named "Advertisement":
 * nothing without the visitor's marketing consent (`allowed`, the app's ad-slot.tsx reads it) or without the tenant's
 * ads for that place.
 */
import { useEffect, useId, useRef } from 'react';
import { usePortalStore } from '@/lib/store';
import { useTranslation } from '@/lib/use-translation';
import { adUnitOf, loadAdSense, requestAd, type AdPlace, type AdUnit } from '../google-ads';

export function AdRegion({ place, allowed, className = '' }: { place: AdPlace; allowed: boolean; className?: string }) {
  const configs = usePortalStore((state) => state.configs);
  const unit = allowed ? adUnitOf(configs, place) : null;
  return unit ? <Ad key={`${unit.client} ${unit.slot}`} unit={unit} className={className} /> : null;
}

function Ad({ unit, className }: { unit: AdUnit; className: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  // One request per unit: a second push for the same <ins> is AdSense's error (and React runs effects twice in development).
  const requested = useRef(false);
  useEffect(() => {
    loadAdSense(unit.client);
    if (requested.current) return;
    requested.current = true;
    requestAd();
  }, [unit.client]);
  return (
    <section aria-labelledby={headingId} className={`flex flex-col gap-1 ${className}`}>
      <p id={headingId} className="text-xs font-semibold tracking-wider text-muted uppercase">
        {t('ads.label')}
      </p>
      <ins className="adsbygoogle" style={{ display: 'block' }} data-ad-client={unit.client} data-ad-slot={unit.slot} data-ad-format="auto" data-full-width-responsive="true" />
    </section>
  );
}
