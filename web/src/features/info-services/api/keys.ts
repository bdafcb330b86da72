/** Every info-service query lives under one key: a (un)subscribe refreshes them all. */
export const INFO_SERVICES_QUERY_KEY = ['info-services'] as const;
