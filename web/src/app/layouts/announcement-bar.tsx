/**
 * The tenant's one-line notice above the header (settings.global.announcement, docs/tenants.md), a link where it has
 * an address. Closed, its words are kept (local storage), so it stays away until the operator changes them.
 */
import { useState } from 'react';
import { ContentContainer } from '@/components/layouts/content-container';
import { CloseIcon } from '@/components/ui/icons';
import { SmartLink } from '@/components/ui/smart-link';
import { localText } from '@/lib/local-text';
import { rememberedWords, rememberWords } from '@/lib/remembered-words';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useTranslation } from '@/lib/use-translation';

const ANNOUNCEMENT_CLOSED_KEY = 'portal.announcement.closed';

export function AnnouncementBar() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const area = usePortalStore((state) => state.configs.global);
  const defaultLocale = usePortalStore((state) => state.configs.defaultLocale);
  const [closed, setClosed] = useState(() => rememberedWords(ANNOUNCEMENT_CLOSED_KEY));
  const announcement = (area as { announcement?: { text?: unknown; href?: unknown } } | null | undefined)?.announcement;
  const text = localText(announcement?.text, lang, defaultLocale);
  const href = typeof announcement?.href === 'string' ? announcement.href : '';
  if (text === '' || text === closed) return null;
  const close = () => {
    rememberWords(ANNOUNCEMENT_CLOSED_KEY, text);
    setClosed(text);
  };
  return (
    <div data-announcement className="bg-primary text-primary-contrast">
      <ContentContainer className="flex items-center gap-2 py-1 text-sm">
        {/* Long words wrap: a 320-pixel phone scrolls no sideways. */}
        <p className="min-w-0 flex-1 py-1 font-semibold wrap-anywhere">
          {href ? (
            <SmartLink href={href} className="underline underline-offset-4 hover:no-underline">
              {text}
            </SmartLink>
          ) : (
            text
          )}
        </p>
        <button
          type="button"
          aria-label={t('announcement.close')}
          title={t('announcement.close')}
          onClick={close}
          className="-me-2 inline-flex size-8 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-black/15 focus-visible:outline-2 focus-visible:outline-primary-contrast"
        >
          <CloseIcon />
        </button>
      </ContentContainer>
    </div>
  );
}
