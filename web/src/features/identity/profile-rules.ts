/** Field rules of the identity forms (spec §5 generic rules; bounds chosen with the server's). */
import type { ValidationRule } from '@/lib/validation';

const NAME_PATTERN = /^[^\d<>{}[\]\\/@#$%^*=+_|~]+$/u;

export const PROFILE_RULES = {
  name: [{ type: 'required' }, { type: 'maxLength', value: 64 }, { type: 'regex', value: NAME_PATTERN }],
  lastName: [{ type: 'maxLength', value: 64 }, { type: 'regex', value: NAME_PATTERN }],
  email: [{ type: 'required' }, { type: 'email' }, { type: 'maxLength', value: 254 }],
  currentPassword: [{ type: 'required' }, { type: 'maxLength', value: 128 }],
} satisfies Record<string, ValidationRule[]>;

export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_RULES = {
  password: [{ type: 'required' }, { type: 'minLength', value: PASSWORD_MIN_LENGTH }, { type: 'maxLength', value: 128 }],
  confirmation: [{ type: 'required' }, { type: 'confirmed', field: 'password' }],
} satisfies Record<string, ValidationRule[]>;
