/** Every challenges query lives under one key: an opt-in or a play refreshes them all. */
export const CHALLENGES_QUERY_KEY = ['challenges'] as const;
export const challengesKey = (userUuid: string, lang: string) => [...CHALLENGES_QUERY_KEY, 'list', userUuid, lang] as const;
export const rewardsKey = (userUuid: string, lang: string) => [...CHALLENGES_QUERY_KEY, 'rewards', userUuid, lang] as const;
