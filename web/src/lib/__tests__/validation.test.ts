import { describe, expect, it } from 'vitest';
import { validateField } from '../validation';

describe('form validation', () => {
  it('required fails on empty, whitespace, empty list and false', () => {
    for (const value of ['', '   ', [], false, null, undefined]) expect(validateField(value, [{ type: 'required' }])?.key).toBe('validation.required');
    expect(validateField('x', [{ type: 'required' }])).toBeNull();
  });

  it('checks email, lengths, regex and confirmation', () => {
    expect(validateField('a@b', [{ type: 'email' }])?.key).toBe('validation.email');
    expect(validateField('a@b.co', [{ type: 'email' }])).toBeNull();
    expect(validateField('ab', [{ type: 'minLength', value: 3 }])).toEqual({ key: 'validation.minLength', params: { count: 3 } });
    expect(validateField('abcd', [{ type: 'maxLength', value: 3 }])).toEqual({ key: 'validation.maxLength', params: { count: 3 } });
    expect(validateField('1234', [{ type: 'exactLength', value: 6 }])?.key).toBe('validation.exactLength');
    expect(validateField('abc', [{ type: 'regex', value: /^\d+$/ }])?.key).toBe('validation.regex');
    expect(validateField('x', [{ type: 'confirmed', field: 'password' }], { password: 'y' })?.key).toBe('validation.confirmed');
  });

  it('answers an unknown rule with Invalid input', () => {
    expect(validateField('x', [{ type: 'sparkly' }])?.key).toBe('validation.invalid');
  });
});

describe('form validators (react-hook-form)', () => {
  it('encode the failing rule with its parameters, and decode it for translation', async () => {
    const { fieldValidator, decodeFailure } = await import('../validation');
    const validate = fieldValidator([{ type: 'required' }, { type: 'minLength', value: 8 }]);
    expect(validate('', {})).toBe('validation.required');
    expect(decodeFailure(String(validate('short', {})))).toEqual({ key: 'validation.minLength', params: { count: 8 } });
    expect(validate('long enough', {})).toBe(true);
    const confirm = fieldValidator([{ type: 'confirmed', field: 'password' }]);
    expect(confirm('a', { password: 'b' })).toBe('validation.confirmed');
    expect(confirm('b', { password: 'b' })).toBe(true);
  });
});
