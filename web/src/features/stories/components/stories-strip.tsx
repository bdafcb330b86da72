/**
 * The stories strip of a page (a structure node of type `stories`): one round avatar per story, a
 * coloured ring while it is unwatched. A tap opens the `stories` dialog (its code loads then).
 */
import { Suspense, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { LazyImage } from '@/components/ui/lazy-image';
import { useDialog } from '@/lib/dialogs';
import { lazyPart } from '@/lib/lazy-part';
import type { ConfigNode } from '@/lib/portal-types';
import { openStory, storiesOf } from '../stories';
import { useViewedStories } from '../viewed-stories';

const StoriesViewer = lazyPart(() => import('../dialogs/stories-viewer').then((module) => module.StoriesViewer));

export function StoriesStrip({ node }: { node: ConfigNode }) {
  const { t } = useTranslation();
  const stories = storiesOf(node);
  const viewed = useViewedStories();
  const [open] = useDialog('stories');
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  if (stories.length === 0) return null;
  const heading = typeof node.data.title === 'string' && node.data.title ? node.data.title : t('stories.title');
  return (
    <section aria-label={heading} data-stories={node.id ?? node.name}>
      <ul className="flex gap-4 overflow-x-auto px-1 pt-1 pb-2 sm:gap-6">
        {stories.map((story, index) => {
          const watched = viewed[story.id]?.isWatched === true;
          return (
            <li key={story.id} className="shrink-0">
              <button
                type="button"
                onClick={() => openStory(stories, index)}
                data-watched={watched}
                aria-label={t(watched ? 'stories.openWatched' : 'stories.open', { title: story.title })}
                className="group flex w-20 flex-col items-center gap-1.5 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:w-24"
              >
                <span className={`block rounded-full p-[3px] ${watched ? 'bg-border' : 'bg-linear-to-tr from-primary to-accent'}`}>
                  <span className="block rounded-full bg-bg p-[2px]">
                    <LazyImage src={story.imageUrl} alt="" errorLabel={t('image.unavailable')} className="size-16 rounded-full object-cover transition-transform group-hover:scale-105 sm:size-20" />
                  </span>
                </span>
                <span className={`w-full truncate text-center text-xs font-semibold sm:text-sm ${watched ? 'text-muted' : 'text-text'}`}>{story.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {opened && (
        <Suspense fallback={null}>
          <StoriesViewer />
        </Suspense>
      )}
    </section>
  );
}
