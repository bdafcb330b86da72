/**
 * /history: what the caller played (issue 15). Resume plays audio where it was left (the player asks
 * the entitlement decision as ever), opens a video's stream page (it resumes from the same history),
 * and opens anything else's page.
 */
import { useNavigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { articleHref } from '@/features/catalog/article-meta';
import type { Article } from '@/features/catalog/types';
import { HistoryView } from '@/features/engagement/components/history-view';
import { useLocalizePath } from '@/lib/use-language';
import { withCommerce } from '../commerce-loader';
import { PageFrame } from './page-frame';

const AUDIO = new Set(['full_track_music', 'podcast', 'audio_book_chapter']);
const VIDEO = new Set(['full_length_video', 'video', 'music_video']);

export default function HistoryPage() {
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const resume = (article: Article, seconds: number) => {
    if (AUDIO.has(article.contentType)) {
      // From the place the row shows (issue 30), not from the start; the player comes with the commerce runtime, on
      // the first press (issue 77 item 6).
      withCommerce((flows) => flows.playAudio({ id: article.id, title: article.title, contentType: article.contentType, collectionId: article.collectionInfo.articleId ?? null }, { consume: false, startAt: seconds }));
      return;
    }
    if (VIDEO.has(article.contentType)) {
      void navigate(localize(`/video/stream/${String(article.id)}`));
      return;
    }
    void navigate(localize(articleHref(article)));
  };
  return (
    <PageFrame>
      <HistoryView<Article>
        onResume={resume}
        loading={
          <div className="flex flex-col gap-3">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-20 w-full rounded-2xl" />
            ))}
          </div>
        }
      />
    </PageFrame>
  );
}
