/** A `rail` node: a titled horizontal row of cards, scrollable by touch, wheel or the two buttons. */
import { useId, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { IconButton } from '@/components/ui/button';
import { ChevronEndIcon, ChevronStartIcon } from '@/components/ui/icons';
import type { ConfigNode } from '@/lib/portal-types';
import { cardShape, nodeKey } from '../node-types';
import { ContentCard } from './content-card';
import { SectionHeading } from './section-heading';

/** A phone's width is the tenant's share of the row where it set its cards per row (--phone-card-width, index.css). */
const CARD_WIDTH = {
  landscape: 'w-[var(--phone-card-width,16rem)] sm:w-72 lg:w-80 2xl:w-96',
  square: 'w-[var(--phone-card-width,9rem)] sm:w-44 lg:w-48 2xl:w-56',
  portrait: 'w-[var(--phone-card-width,8rem)] sm:w-40 lg:w-44 2xl:w-52',
} as const;

export function ContentRail({ node }: { node: ConfigNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  const track = useRef<HTMLUListElement>(null);
  const shape = cardShape(node);
  const cards = node.substructure ?? [];
  if (cards.length === 0) return null;

  /** Scrolls by most of a viewport width towards the inline end (forward) or start (back). */
  const scroll = (forward: boolean) => {
    const element = track.current;
    if (!element) return;
    const rtl = getComputedStyle(element).direction === 'rtl';
    const distance = element.clientWidth * 0.85 * (forward ? 1 : -1) * (rtl ? -1 : 1);
    element.scrollBy({ left: distance, behavior: 'smooth' });
  };

  return (
    <section aria-labelledby={headingId}>
      <SectionHeading
        node={node}
        id={headingId}
        actions={
          <span className="hidden gap-1 md:flex">
            <IconButton label={t('rail.scrollBack')} onClick={() => scroll(false)}>
              <ChevronStartIcon />
            </IconButton>
            <IconButton label={t('rail.scrollForward')} onClick={() => scroll(true)}>
              <ChevronEndIcon />
            </IconButton>
          </span>
        }
      />
      <ul ref={track} className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 [scrollbar-width:thin] sm:gap-4">
        {cards.map((card, index) => (
          <li key={nodeKey(card, index)} className={`shrink-0 snap-start ${CARD_WIDTH[shape]}`}>
            <ContentCard node={card} shape={shape} />
          </li>
        ))}
      </ul>
    </section>
  );
}
