/** The registration form's rules: the server's bounds (tournaments_service.cpp validate), checked first on the client. */
import type { ValidationRule } from '@/lib/validation';
import type { RegisterFields } from './types';

export const JOIN_RULES = {
  userName: [{ type: 'required' }, { type: 'maxLength', value: 64 }],
  ingameId: [{ type: 'required' }, { type: 'maxLength', value: 64 }],
  teamName: [{ type: 'required' }, { type: 'maxLength', value: 64 }],
} satisfies Record<Exclude<keyof RegisterFields, 'provider'>, readonly ValidationRule[]>;

export const JOIN_FIELDS = ['userName', 'ingameId', 'teamName', 'provider'] as const;
export type JoinField = (typeof JOIN_FIELDS)[number];

export function isJoinField(value: string | null): value is JoinField {
  return value !== null && (JOIN_FIELDS as readonly string[]).includes(value);
}
