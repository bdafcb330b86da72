import { afterEach, describe, expect, it } from 'vitest';
import { addRecentSearch, readRecentSearches, rememberSearch, RECENT_SEARCH_KEY } from '../recent-search';
import { groupResults } from '../group-results';

afterEach(() => localStorage.clear());

describe('recent searches (commerce §5)', () => {
  it('ignores empty terms, moves a duplicate to the end, keeps the 5 newest', () => {
    expect(addRecentSearch([], '   ')).toEqual([]);
    expect(addRecentSearch(['a', 'b', 'c'], 'a')).toEqual(['b', 'c', 'a']);
    expect(addRecentSearch(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual(['b', 'c', 'd', 'e', 'f']);
    expect(addRecentSearch(['a'], '  b ')).toEqual(['a', 'b']);
  });

  it('lives in localStorage under recentSearch', () => {
    ['one', 'two', '', 'three', 'one', 'four', 'five', 'six'].forEach(rememberSearch);
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCH_KEY) ?? '[]')).toEqual(['three', 'one', 'four', 'five', 'six']);
    expect(readRecentSearches()).toEqual(['three', 'one', 'four', 'five', 'six']);
  });

  it('survives a broken stored value', () => {
    localStorage.setItem(RECENT_SEARCH_KEY, '{not json');
    expect(readRecentSearches()).toEqual([]);
    rememberSearch('x');
    expect(readRecentSearches()).toEqual(['x']);
  });
});

describe('search result groups', () => {
  it('groups by section in the order of each group\'s best hit, keeping the rank inside a group', () => {
    const groups = groupResults([
      { id: 1, title: 'Game', contentType: 'online_game' },
      { id: 2, title: 'Track', contentType: 'full_track_music' },
      { id: 3, title: 'Album', contentType: 'album' },
      { id: 4, title: 'Odd', contentType: 'mystery' },
    ]);
    expect(groups.map((group) => group.section)).toEqual(['games', 'music', 'other']);
    expect(groups[1]?.entries.map((entry) => entry.id)).toEqual([2, 3]);
  });

  it('puts the section the query names first when the server ranks it first (issue 30: "news")', () => {
    const groups = groupResults([
      { id: 7, title: 'Morning briefing', contentType: 'article' },
      { id: 1, title: 'News of the world', contentType: 'full_track_music' },
      { id: 8, title: 'Evening briefing', contentType: 'article' },
    ]);
    expect(groups[0]?.entries.map((entry) => entry.id)).toEqual([7, 8]);
    expect(groups.map((group) => group.section)).toEqual([groups[0]?.section, 'music']);
  });
});

describe('recent searches and the cookie decision (issue 30)', () => {
  it('are not remembered while preferences are off', () => {
    document.cookie = 'ncc_c=0; path=/';
    document.cookie = 'ncc_e=necessary; path=/';
    rememberSearch('news');
    expect(localStorage.getItem('recentSearch')).toBeNull();
  });
});
