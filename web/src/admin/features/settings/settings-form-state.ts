/** The settings form as its parts share it (react-hook-form's methods over SettingsFormValues), and a field's message by its path. */
import { get, type FieldError, type UseFormReturn } from 'react-hook-form';
import type { SettingsFormValues } from './settings-form';

export type SettingsForm = UseFormReturn<SettingsFormValues>;

export const messageAt = (form: SettingsForm, path: string) => get<unknown, FieldError | undefined>(form.formState.errors, path)?.message;
