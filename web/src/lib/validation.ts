/**
 * Generic form rules (spec §5). A failed rule yields a translation key and its parameters; an
 * unknown rule yields 'validation.invalid' ("Invalid input"). Fields validate on blur and change.
 */

export type ValidationRule =
  | { type: 'required' }
  | { type: 'email' }
  | { type: 'minLength'; value: number }
  | { type: 'maxLength'; value: number }
  | { type: 'exactLength'; value: number }
  | { type: 'regex'; value: RegExp }
  | { type: 'confirmed'; field: string }
  | { type: string; value?: unknown; field?: string };

export type ValidationMessageKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.minLength'
  | 'validation.maxLength'
  | 'validation.exactLength'
  | 'validation.regex'
  | 'validation.confirmed'
  | 'validation.invalid';

export interface ValidationFailure {
  key: ValidationMessageKey;
  params?: Record<string, string | number>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (typeof value === 'number') return String(value).length;
  return 0;
}

function checkRule(rule: ValidationRule, value: unknown, values: Record<string, unknown>): ValidationFailure | null {
  // Only 'required' fails on an empty value; the other rules apply to what was typed.
  if (rule.type !== 'required' && rule.type !== 'confirmed' && isEmpty(value)) return null;
  switch (rule.type) {
    case 'required':
      return isEmpty(value) ? { key: 'validation.required' } : null;
    case 'email':
      return EMAIL.test(String(value).trim()) ? null : { key: 'validation.email' };
    case 'minLength':
      return typeof rule.value === 'number' && lengthOf(value) < rule.value ? { key: 'validation.minLength', params: { count: rule.value } } : null;
    case 'maxLength':
      return typeof rule.value === 'number' && lengthOf(value) > rule.value ? { key: 'validation.maxLength', params: { count: rule.value } } : null;
    case 'exactLength':
      return typeof rule.value === 'number' && lengthOf(value) !== rule.value ? { key: 'validation.exactLength', params: { count: rule.value } } : null;
    case 'regex':
      return rule.value instanceof RegExp && !rule.value.test(String(value)) ? { key: 'validation.regex' } : null;
    case 'confirmed':
      return typeof rule.field === 'string' && values[rule.field] !== value ? { key: 'validation.confirmed' } : null;
    default:
      return { key: 'validation.invalid' };
  }
}

/** The first failing rule of a field, or null when the value is valid. */
export function validateField(value: unknown, rules: readonly ValidationRule[], values: Record<string, unknown> = {}): ValidationFailure | null {
  for (const rule of rules) {
    const failure = checkRule(rule, value, values);
    if (failure) return failure;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Forms (react-hook-form). A rule failure travels as an encoded message (key and parameters) and
// is translated where it is shown, so a language switch re-translates errors already on screen.

/** `validate` for react-hook-form's `register`: true, or the encoded first failure. */
export function fieldValidator(rules: readonly ValidationRule[]) {
  return (value: unknown, values: object): true | string => {
    const failure = validateField(value, rules, values as Record<string, unknown>);
    return failure ? encodeFailure(failure) : true;
  };
}

/** Spec §5: fields validate on blur and change, not on input. */
export const FORM_VALIDATION_MODE = { mode: 'onBlur', reValidateMode: 'onBlur' } as const;

export function encodeFailure(failure: { key: string; params?: Record<string, string | number> }): string {
  return failure.params ? `${failure.key}|${JSON.stringify(failure.params)}` : failure.key;
}

export function decodeFailure(message: string): { key: string; params: Record<string, string | number> } {
  const separator = message.indexOf('|');
  if (separator === -1) return { key: message, params: {} };
  try {
    return { key: message.slice(0, separator), params: JSON.parse(message.slice(separator + 1)) as Record<string, string | number> };
  } catch {
    return { key: message.slice(0, separator), params: {} };
  }
}
