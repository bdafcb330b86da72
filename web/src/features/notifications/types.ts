/** The notification calls' wire types, from the generated OpenAPI types (docs/openapi.json). */
import type { ApiData } from '@/lib/api-schema';

export type NotificationPage = ApiData<'getBackendNotifications'>;
export type Notification = NotificationPage['items'][number];
export type UnreadCount = ApiData<'getBackendNotificationsUnreadCount'>;
export type MarkedRead = ApiData<'postBackendNotificationsIdRead'>;
