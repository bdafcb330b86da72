/**
 * /notifications: the caller's notifications, newest first, unread ones marked. Opening one marks it
 * read and goes to its target; "mark all as read" clears the badge. Guests are asked to sign in.
 */
import { useTranslation } from '@/lib/use-translation';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { openDialog } from '@/lib/dialogs';
import { formatDate, formatNumber } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { notificationText, safeTarget } from '../notification-text';
import type { Notification } from '../types';

export function NotificationsView() {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  if (!signedIn)
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg text-muted">{t('notifications.signIn')}</p>
        <Button onClick={() => openDialog('login-options')}>{t('notifications.signInButton')}</Button>
      </div>
    );
  return <NotificationList />;
}

function NotificationList() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const list = useNotifications();
  const markAll = useMarkAllRead();
  if (list.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2].map((i) => <Skeleton key={i} className="h-20" />)}
      </div>
    );
  if (list.isError) return <p role="alert" className="text-muted">{t('notifications.loadError')}</p>;
  const pages = list.data.pages;
  const items = pages.flatMap((page) => page.items);
  const unread = pages[0]?.unread ?? 0;
  if (items.length === 0) return <p className="py-12 text-center text-lg text-muted">{t('notifications.empty')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted" aria-live="polite">{unread > 0 ? t('notifications.unreadCount', { formatted: formatNumber(unread, lang) }) : t('notifications.allRead')}</p>
        <Button variant="secondary" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <ul className="flex flex-col gap-2" data-testid="notification-list">
        {items.map((n) => <NotificationItem key={n.id} notification={n} />)}
      </ul>
      {list.hasNextPage && (
        <Button variant="secondary" className="self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('notifications.more')}
        </Button>
      )}
    </div>
  );
}

function NotificationItem({ notification: n }: { notification: Notification }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const { titleKey, textKey, values } = notificationText(n, lang);
  const target = safeTarget(n.target);
  const open = () => {
    if (!n.read) markRead.mutate(n.id);
    if (target) void navigate(localize(target));
  };
  return (
    <li>
      <button
        type="button"
        onClick={open}
        data-read={n.read ? 'true' : 'false'}
        className={`flex w-full items-start gap-3 rounded-2xl border p-4 text-start transition-colors hover:bg-bg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${n.read ? 'border-border bg-surface' : 'border-primary/40 bg-primary/5'}`}
      >
        <span aria-hidden="true" className={`mt-2 size-2.5 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-primary'}`} />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className={`text-base ${n.read ? 'font-semibold' : 'font-bold'}`}>
            {t(titleKey, values)}
            {!n.read && <span className="sr-only"> ({t('notifications.unread')})</span>}
          </span>
          <span className="text-muted">{t(textKey, values)}</span>
          <time dateTime={n.createdAt} className="text-sm text-muted">
            {formatDate(n.createdAt, lang, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </span>
      </button>
    </li>
  );
}
