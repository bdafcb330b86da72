/** The hero carousel of a `banner` node: its substructure are slides. */
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { ChevronEndIcon, ChevronStartIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { LazyImage } from '@/components/ui/lazy-image';
import { SmartLink } from '@/components/ui/smart-link';
import { formatDigits } from '@/lib/formatters';
import type { ConfigNode } from '@/lib/portal-types';
import { useCurrentLanguage, useDataText } from '@/lib/use-language';
import { nodeKey } from '../node-types';
import { useClickUrl } from '../use-click-url';

const DEFAULT_AUTO_ADVANCE_MS = 6000;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function HeroBanner({ node }: { node: ConfigNode }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const dataText = useDataText();
  const fill = useClickUrl();
  const slides = node.substructure ?? [];
  const autoplay = node.data.customProperties?.autoplayMs;
  const advanceMs = typeof autoplay === 'number' && autoplay >= 2000 ? autoplay : DEFAULT_AUTO_ADVANCE_MS;
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (!playing || hovered || count < 2) return;
    const timer = window.setInterval(() => setActive((index) => (index + 1) % count), advanceMs);
    return () => window.clearInterval(timer);
  }, [playing, hovered, count, advanceMs]);

  if (count === 0) return null;
  const go = (index: number) => setActive((index + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={node.data.title === undefined || node.data.title === '' ? t('carousel.label') : node.data.title}
      className="relative overflow-hidden rounded-2xl bg-surface"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="grid">
        {slides.map((slide, index) => {
          const href = fill(slide.data.clickUrl);
          const isActive = index === active;
          const cta = href ? dataText(slide.data.customProperties?.ctaKey, '') : '';
          const content = (
            <>
              <LazyImage
                src={slide.data.imageUrl}
                alt=""
                eager={index === 0}
                errorLabel={t('image.unavailable')}
                className="aspect-[4/3] w-full sm:aspect-[16/7] xl:aspect-[16/6]"
              />
              <span aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/20 to-transparent" />
              <span className="absolute inset-x-0 bottom-0 block px-5 pb-12 pt-6 sm:px-10 sm:pb-14 lg:px-14">
                <span className="block max-w-2xl text-2xl font-extrabold leading-tight text-white drop-shadow sm:text-4xl lg:text-5xl">{slide.data.title}</span>
                {slide.data.subTitle && <span className="mt-2 block max-w-xl text-sm text-white/90 sm:text-lg">{slide.data.subTitle}</span>}
                {cta && (
                  <span className="mt-4 inline-flex rounded-full bg-primary px-5 py-2 text-sm font-semibold text-primary-contrast shadow sm:mt-5 sm:px-6 sm:py-2.5 sm:text-base">
                    {cta}
                  </span>
                )}
              </span>
            </>
          );
          return (
            <div
              key={nodeKey(slide, index)}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.position', { current: formatDigits(index + 1, lang), total: formatDigits(count, lang) })}
              aria-hidden={!isActive}
              inert={!isActive}
              className={`relative [grid-area:1/1] transition-opacity duration-700 ${isActive ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
            >
              {href ? (
                <SmartLink href={href} className="block focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white">
                  {content}
                </SmartLink>
              ) : (
                content
              )}
            </div>
          );
        })}
      </div>

      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(active - 1)}
            aria-label={t('carousel.previous')}
            className="absolute start-3 top-1/2 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-white backdrop-blur transition hover:bg-black/60 sm:flex"
          >
            <ChevronStartIcon />
          </button>
          <button
            type="button"
            onClick={() => go(active + 1)}
            aria-label={t('carousel.next')}
            className="absolute end-3 top-1/2 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-white backdrop-blur transition hover:bg-black/60 sm:flex"
          >
            <ChevronEndIcon />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2 sm:bottom-4">
            <button
              type="button"
              onClick={() => setPlaying(!playing)}
              aria-label={playing ? t('carousel.pause') : t('carousel.play')}
              className="flex size-7 items-center justify-center rounded-full text-white/90 hover:bg-black/40 [&_svg]:size-4"
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
            </button>
            {slides.map((slide, index) => (
              <button
                key={nodeKey(slide, index)}
                type="button"
                onClick={() => go(index)}
                aria-label={t('carousel.goTo', { number: formatDigits(index + 1, lang) })}
                aria-current={index === active}
                // A 24-pixel target around the small dot (WCAG 2.5.8, axe target-size).
                className="group flex h-6 min-w-6 items-center justify-center rounded-full"
              >
                <span aria-hidden="true" className={`h-2 rounded-full transition-all ${index === active ? 'w-6 bg-white' : 'w-2 bg-white/50 group-hover:bg-white/80'}`} />
              </button>
            ))}
            <span className="ms-2 text-xs font-semibold text-white/90 tabular-nums" aria-live="polite">
              {t('carousel.position', { current: formatDigits(active + 1, lang), total: formatDigits(count, lang) })}
            </span>
          </div>
        </>
      )}
    </section>
  );
}
