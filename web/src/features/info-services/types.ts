/** The info-service calls' wire types, from the generated OpenAPI types (docs/openapi.json). */
import type { ApiBody, ApiData } from '@/lib/api-schema';

export type DailyService = ApiData<'getBackendInfoServiceDaily'>[number];
export type InfoSubscription = ApiData<'getBackendInfoServiceSubscriptions'>[number];
export type SubscribeBody = ApiBody<'postBackendInfoServiceSubscribe'>;
export type SubscribeResult = ApiData<'postBackendInfoServiceSubscribe'>;
