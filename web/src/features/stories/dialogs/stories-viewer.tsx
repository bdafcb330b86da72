/**
 * The `stories` dialog (commerce §2): one story page at a time with a progress bar per page. It moves
 * on by itself every few seconds (not with reduced motion; a pause button holds it), with the
 * previous / next buttons, the arrow keys (mirrored right-to-left), and a horizontal swipe; a swipe
 * down or Escape closes it, and so does a change of page (lib/dialogs.ts). Each page shown is
 * recorded in `viewedStories` (viewed-stories.ts).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-class';
import { ChevronEndIcon, ChevronStartIcon, CloseIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { LazyImage } from '@/components/ui/lazy-image';
import { getLanguage } from '@/config/languages';
import { closeDialog, useDialog } from '@/lib/dialogs';
import { formatNumber } from '@/lib/formatters';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { nextPage, previousPage, useStories } from '../stories';

/** How long a page shows before the next one (index.css `.story-progress` runs as long). */
export const STORY_PAGE_MS = 6_000;
const SWIPE_PX = 50;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function StoriesViewer() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const rtl = getLanguage(lang).dir === 'rtl';
  const [open, setOpen] = useDialog('stories');
  const stories = useStories((state) => state.stories);
  const storyIndex = useStories((state) => state.story);
  const pageIndex = useStories((state) => state.page);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const story = stories[storyIndex];
  const page = story?.pages[pageIndex];

  const next = () => {
    if (nextPage() === 'end') closeDialog('stories');
  };
  const previous = () => void previousPage();

  useEffect(() => {
    if (!open || paused || !page) return undefined;
    const timer = window.setTimeout(() => {
      if (nextPage() === 'end') closeDialog('stories');
    }, STORY_PAGE_MS);
    return () => window.clearTimeout(timer);
  }, [open, paused, page]);

  if (!story || !page) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const forward = (event.key === 'ArrowRight') !== rtl;
    if (forward) next();
    else previous();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (dy > SWIPE_PX * 2 && Math.abs(dy) > Math.abs(dx)) return closeDialog('stories');
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
    // A swipe towards the start of the line shows what comes next (leftwards in English).
    const forward = dx < 0 !== rtl;
    if (forward) next();
    else previous();
  };

  const position = t('stories.position', {
    story: formatNumber(storyIndex + 1, lang),
    stories: formatNumber(stories.length, lang),
    page: formatNumber(pageIndex + 1, lang),
    pages: formatNumber(story.pages.length, lang),
  });

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/90" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipe.current = null)}
          data-story={story.id}
          data-page={pageIndex}
          className="fixed inset-0 z-50 flex h-dvh w-full touch-pan-y flex-col overflow-hidden bg-neutral-950 text-white select-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-[min(92dvh,46rem)] sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:shadow-2xl"
        >
          <div className="flex gap-1 px-3 pt-3" aria-hidden="true">
            {story.pages.map((item, index) => (
              <span key={item.id} className="h-1 flex-1 overflow-hidden rounded-full bg-white/30">
                <span
                  key={index === pageIndex ? `${item.id}-${String(paused)}` : item.id}
                  className={`block h-full bg-white ${index < pageIndex ? 'w-full' : index > pageIndex ? 'w-0' : paused ? 'w-full opacity-60' : 'story-progress w-full'}`}
                />
              </span>
            ))}
          </div>
          <div className="flex items-center gap-3 px-3 py-3">
            <span className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-base font-bold">{story.title}</Dialog.Title>
              <Dialog.Description className="text-xs text-white/75" aria-live="polite">
                {position}
              </Dialog.Description>
            </span>
            <button
              type="button"
              onClick={() => setPaused((value) => !value)}
              aria-label={paused ? t('stories.play') : t('stories.pause')}
              title={paused ? t('stories.play') : t('stories.pause')}
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
            </button>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label={t('dialogs.close')}
                title={t('dialogs.close')}
                className="inline-flex size-10 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
              >
                <CloseIcon />
              </button>
            </Dialog.Close>
          </div>
          <div className="relative min-h-0 flex-1 overflow-hidden">
            <LazyImage key={page.id} src={page.imageUrl} alt="" eager errorLabel={t('image.unavailable')} className="h-full w-full object-cover" />
            <div className="absolute inset-x-0 bottom-0 flex flex-col gap-3 bg-linear-to-t from-black/90 via-black/60 to-transparent p-5 pt-16">
              <p className="text-2xl font-extrabold break-words">{page.title}</p>
              {page.subTitle && <p className="text-sm text-white/80">{page.subTitle}</p>}
              <div className="flex items-center gap-2">
                <button
                  type="button"
                  onClick={previous}
                  disabled={storyIndex === 0 && pageIndex === 0}
                  aria-label={t('stories.previous')}
                  title={t('stories.previous')}
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40"
                >
                  <ChevronStartIcon />
                </button>
                {page.clickUrl ? (
                  <Link to={localize(page.clickUrl)} className={buttonClass('primary', 'flex-1 justify-center')}>
                    {t('stories.cta')}
                  </Link>
                ) : (
                  <span className="flex-1" />
                )}
                <button
                  type="button"
                  onClick={next}
                  aria-label={t('stories.next')}
                  title={t('stories.next')}
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <ChevronEndIcon />
                </button>
              </div>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
