import { describe, expect, it } from 'vitest';
import { getUserRatingQueryOptions } from '../api/get-user-rating';

describe('the caller\'s rating query', () => {
  it('asks only for a signed-in caller and a real article (never GET /rating/user/article/0)', () => {
    expect(getUserRatingQueryOptions(20001, 'u-1').enabled).toBe(true);
    expect(getUserRatingQueryOptions(0, 'u-1').enabled).toBe(false);
    expect(getUserRatingQueryOptions(20001, null).enabled).toBe(false);
  });
});
