import { describe, expect, it } from 'vitest';
import { listFromText, movedItem, textFromList } from '../text-list';

describe('a list of texts kept as a JSON list', () => {
  it('reads the stored list, keeps a value that is not one as one item, and writes the list without blanks', () => {
    expect(listFromText('["10 tracks","No ads"]')).toEqual(['10 tracks', 'No ads']);
    expect(listFromText('')).toEqual([]);
    expect(listFromText('  ')).toEqual([]);
    expect(listFromText('No ads, cancel any time')).toEqual(['No ads, cancel any time']);
    expect(listFromText('[1, 2]')).toEqual(['[1, 2]']);
    expect(textFromList(['No ads', ' ', ' 10 tracks '])).toBe('["No ads","10 tracks"]');
    expect(textFromList(['', ' '])).toBe('');
    expect(textFromList(listFromText('["أ", "ب"]'))).toBe('["أ","ب"]');
  });

  it('moves an item up or down, and leaves the list as it was for a place outside it', () => {
    expect(movedItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(movedItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movedItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
