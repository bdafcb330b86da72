import { describe, expect, it } from 'vitest';
import { fillPlaceholders, fillPlaceholdersDeep } from '../placeholders';

const context = { query: new URLSearchParams('campaign=spring&ref=mail'), userUuid: 'u-42' };

describe('placeholder filling', () => {
  it('fills query.X and user.uuid', () => {
    expect(fillPlaceholders('/offer?c={{query.campaign}}&u={{ user.uuid }}', context)).toBe('/offer?c=spring&u=u-42');
  });

  it('empties unknown placeholders and missing values', () => {
    expect(fillPlaceholders('/a/{{device.id}}/{{query.none}}', context)).toBe('/a//');
    expect(fillPlaceholders('{{user.uuid}}', { query: new URLSearchParams(), userUuid: null })).toBe('');
  });

  it('makes at most 20 substitutions', () => {
    const template = Array.from({ length: 22 }, () => '{{query.ref}}').join(',');
    const parts = fillPlaceholders(template, context).split(',');
    expect(parts.filter((part) => part === 'mail')).toHaveLength(20);
    expect(parts.slice(20)).toEqual(['{{query.ref}}', '{{query.ref}}']);
  });

  it('fills custom properties deeply', () => {
    expect(fillPlaceholdersDeep({ link: '{{query.ref}}', list: ['{{user.uuid}}'], n: 3 }, context)).toEqual({ link: 'mail', list: ['u-42'], n: 3 });
  });
});
