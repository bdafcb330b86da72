/**
 * Tracks, episodes or chapters: number, title, artists, duration, a play button (the list plays in
 * the mini player from that row), an add-to-queue button and a link to each. The play button is the
 * page's own (`Preview`, preview-button.tsx): this list's code loads apart from the page's (issue 52,
 * ../details-parts.ts), and would otherwise take that button into a file of its own.
 */
import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { SmartLink } from '@/components/ui/smart-link';
import { formatDigits, formatDuration } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { articleHref, artistNames } from '../article-meta';
import { queueTrack } from '../preview-player';
import type { Article } from '../types';
import type { PreviewButton } from './preview-button';

interface TrackListProps {
  title: string;
  items: readonly Article[];
  /** A row's play button (preview-button.tsx `PreviewButton`). */
  Preview: typeof PreviewButton;
  /** Number rows by episode number (episodes) instead of position. */
  numbering?: 'position' | 'episode';
  withPreview?: boolean;
}

export function TrackList({ title, items, Preview, numbering = 'position', withPreview = true }: TrackListProps) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  if (items.length === 0) return null;
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-bold sm:text-2xl">{title}</h2>
      <ol className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
        {items.map((item, index) => {
          const number = numbering === 'episode' && item.episode ? item.episode : index + 1;
          const subtitle = artistNames(item) || (item.season && item.episode ? t('catalog.facts.seasonEpisode', { season: formatDigits(item.season, lang), episode: formatDigits(item.episode, lang) }) : '');
          return (
            <li key={item.id} className="flex items-center gap-3 px-3 py-2 sm:px-4">
              <span className="w-7 shrink-0 text-center text-sm text-muted tabular-nums">{formatDigits(number, lang)}</span>
              {withPreview && <Preview article={item} list={items} />}
              <SmartLink href={articleHref(item)} className="min-w-0 flex-1 rounded focus-visible:outline-2 focus-visible:outline-accent">
                <span className="block truncate font-semibold hover:underline">{item.title}</span>
                {subtitle && <span className="block truncate text-sm text-muted">{subtitle}</span>}
              </SmartLink>
              {item.durationSeconds ? (
                <span dir="ltr" className="shrink-0 text-sm text-muted tabular-nums">
                  {formatDuration(item.durationSeconds, lang)}
                </span>
              ) : null}
              {withPreview && (
                <IconButton label={t('player.addToQueue', { title: item.title })} className="shrink-0" onClick={() => queueTrack(item)} data-testid="add-to-queue">
                  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
                    <path d="M3 6h12M3 12h12M3 18h8M18 15v6M15 18h6" />
                  </svg>
                </IconButton>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
