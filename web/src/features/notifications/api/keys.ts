/** Every notifications query lives under one key, per signed-in user: a mark-read refreshes them all. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
export const notificationsKey = (userUuid: string) => [...NOTIFICATIONS_QUERY_KEY, userUuid] as const;
