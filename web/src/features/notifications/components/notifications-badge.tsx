/**
 * The header's bell (signed-in users only): a link to /notifications with the unread count. It is on
 * the first paint, so it holds nothing but the count query; the list lives on its own lazy page.
 */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icons';
import { formatNumber } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { useUnreadCount } from '../api/get-unread-count';

export const MAX_BADGE = 99;

export function NotificationsBadge() {
  const signedIn = usePortalStore((state) => state.role === 'user');
  if (!signedIn) return null;
  return <SignedInBadge />;
}

function SignedInBadge() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const unread = useUnreadCount().data?.unread ?? 0;
  const shown = unread > MAX_BADGE ? `${formatNumber(MAX_BADGE, lang)}+` : formatNumber(unread, lang);
  const label = unread > 0 ? t('notifications.badge', { shown }) : t('notifications.badgeNone');
  return (
    <Link
      to={localize('/notifications')}
      aria-label={label}
      title={label}
      data-testid="notifications-badge"
      className="relative inline-flex size-10 items-center justify-center rounded-full text-text hover:bg-bg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <Icon>
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </Icon>
      {unread > 0 && (
        <span aria-hidden="true" className="absolute end-0 -top-0.5 min-w-5 rounded-full bg-primary px-1 ring-2 ring-surface text-center text-xs leading-5 font-bold text-primary-contrast">
          {shown}
        </span>
      )}
    </Link>
  );
}
