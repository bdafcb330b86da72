/** Every tournament query lives under one key: a team or bracket change refreshes them all. */
export const TOURNAMENTS_QUERY_KEY = ['tournaments'] as const;
