/**
 * A game's screenshots and trailer (commerce §2 "game gallery", "game trailer" dialogs), matched to
 * the viewport's orientation: landscape screens see landscape shots first, portrait screens portrait.
 */
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button, IconButton } from '@/components/ui/button';
import { ChevronEndIcon, ChevronStartIcon, PlayIcon } from '@/components/ui/icons';
import { formatDigits } from '@/lib/formatters';
import { toImageUrl } from '@/lib/image-url';
import { useCurrentLanguage } from '@/lib/use-language';
import { artworksOf, byOrientation } from '../article-meta';
import { useLandscape } from '../hooks/use-landscape';
import type { Article, Artwork } from '../types';
import { MediaDialog } from './media-dialog';

const ratio = (artwork: Artwork) => (artwork.orientation === 'Portrait' ? 'aspect-[9/16] max-h-[70vh]' : artwork.orientation === 'Square' ? 'aspect-square max-h-[70vh]' : 'aspect-video');

export function GameScreenshots({ article }: { article: Article }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const landscape = useLandscape();
  const shots = byOrientation(artworksOf(article, 'SCREENSHOT'), landscape);
  const [open, setOpen] = useState<number | null>(null);
  if (shots.length === 0) return null;
  const current = open === null ? null : shots[open];
  const step = (delta: number) => setOpen((index) => (index === null ? null : (index + delta + shots.length) % shots.length));
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-bold sm:text-2xl">{t('catalog.screenshots')}</h2>
      <ul className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:thin]">
        {shots.map((shot, index) => (
          <li key={shot.url} className="shrink-0">
            <button
              type="button"
              aria-label={t('catalog.openGallery', { index: formatDigits(index + 1, lang) })}
              onClick={() => setOpen(index)}
              className="block overflow-hidden rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-accent"
            >
              <img src={toImageUrl(shot.url) ?? shot.url} alt="" loading="lazy" className={`${shot.orientation === 'Portrait' ? 'h-64 aspect-[9/16]' : 'h-40 aspect-video sm:h-48'} object-cover`} />
            </button>
          </li>
        ))}
      </ul>
      <MediaDialog open={current !== null && current !== undefined} onOpenChange={(next) => !next && setOpen(null)} title={t('catalog.galleryTitle', { title: article.title })}>
        {current && open !== null && (
          <div className="flex flex-col items-center gap-3">
            <img src={toImageUrl(current.url) ?? current.url} alt={t('catalog.slide', { index: formatDigits(open + 1, lang), total: formatDigits(shots.length, lang) })} className={`${ratio(current)} w-auto max-w-full rounded-lg object-contain`} />
            <div className="flex items-center gap-4">
              <IconButton label={t('catalog.previous')} onClick={() => step(-1)} className="text-white hover:bg-white/10">
                <ChevronStartIcon />
              </IconButton>
              <span className="text-sm tabular-nums" aria-live="polite">
                {t('catalog.slide', { index: formatDigits(open + 1, lang), total: formatDigits(shots.length, lang) })}
              </span>
              <IconButton label={t('catalog.next')} onClick={() => step(1)} className="text-white hover:bg-white/10">
                <ChevronEndIcon />
              </IconButton>
            </div>
          </div>
        )}
      </MediaDialog>
    </section>
  );
}

/** The trailer (or gameplay) button and its dialog; the video closest to the viewport's orientation plays. */
export function GameTrailerButton({ article }: { article: Article }) {
  const { t } = useTranslation();
  const landscape = useLandscape();
  const [open, setOpen] = useState(false);
  const trailers = byOrientation(artworksOf(article, 'VIDEO_TRAILER'), landscape);
  const gameplay = byOrientation(artworksOf(article, 'VIDEO_GAMEPLAY'), landscape);
  const video = trailers[0] ?? gameplay[0];
  if (!video) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <PlayIcon />
        {trailers[0] ? t('catalog.trailer') : t('catalog.gameplay')}
      </Button>
      <MediaDialog open={open} onOpenChange={setOpen} title={t('catalog.trailerTitle', { title: article.title })}>
        <video src={video.url} controls autoPlay playsInline className={`${ratio(video)} mx-auto w-full max-w-full rounded-lg bg-black`} />
      </MediaDialog>
    </>
  );
}
