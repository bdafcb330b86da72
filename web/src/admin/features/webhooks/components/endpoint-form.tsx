/**
 * A new webhook endpoint: its URL (http(s); the server applies the one link rule), a description, the events it wants
 * (each a checkbox), enabled, and — in the dev stage only — whether it may reach private addresses.
 */
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS } from '@/admin/components/fields';
import { errorOf } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { EndpointBody } from '../webhooks-api';
import { webhookErrorText } from '../webhooks-errors';
import { EMPTY_ENDPOINT, HTTP_URL, endpointBody, type EndpointValues } from '../webhooks-form';

export function EndpointForm({ eventTypes, privateAllowed, onSubmit }: { eventTypes: string[]; privateAllowed: boolean; onSubmit: (body: EndpointBody) => Promise<unknown> }) {
  const { t } = useAdminI18n();
  const { register, handleSubmit, formState, reset, setError } = useForm<EndpointValues>({
    defaultValues: EMPTY_ENDPOINT,
    mode: 'onBlur',
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(endpointBody(values, privateAllowed));
      reset();
    } catch (error) {
      const { code, data } = errorOf(error);
      if (code === 'VALIDATION_ERROR' && (data.field === 'url' || data.field === 'events' || data.field === 'description'))
        setError(data.field, { type: 'server', message: webhookErrorText(t, error) }, { shouldFocus: true });
    }
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" aria-label={t('webhooks.add')}>
      <div className="grid grid-cols-1 gap-x-4 md:grid-cols-2">
        <Field label={t('webhooks.url')} hint={t('webhooks.urlHint')} error={formState.errors.url?.message}>
          {(ids) => (
            <input {...ids} type="url" dir="ltr" autoComplete="off" placeholder="https://" className={INPUT_CLASS}
              {...register('url', { validate: (v) => (HTTP_URL.test(v.trim()) ? true : t('webhooks.errors.field.url')) })} />
          )}
        </Field>
        <Field label={t('webhooks.description')} error={formState.errors.description?.message}>
          {(ids) => <input {...ids} type="text" maxLength={500} className={INPUT_CLASS} {...register('description')} />}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">{t('webhooks.events')}</legend>
        <p className="text-sm text-muted">{t('webhooks.eventsHint')}</p>
        <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {eventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input type="checkbox" value={type} className="size-4"
                {...register('events', { validate: (v) => (v.length > 0 ? true : t('webhooks.errors.field.events')) })} />
              <span dir="ltr" className="font-mono text-sm">{type}</span>
            </label>
          ))}
        </div>
        {formState.errors.events?.message && <p role="alert" className="text-sm text-danger">{formState.errors.events.message}</p>}
      </fieldset>
      <label className="flex items-center gap-2">
        <input type="checkbox" className="size-4" {...register('enabled')} />
        {t('webhooks.enabled')}
      </label>
      {privateAllowed && (
        <label className="flex items-start gap-2">
          <input type="checkbox" className="mt-1 size-4" {...register('allowPrivate')} />
          <span>
            {t('webhooks.allowPrivate')}
            <span className="block text-sm text-muted">{t('webhooks.allowPrivateHint')}</span>
          </span>
        </label>
      )}
      <div>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('webhooks.adding') : t('webhooks.addButton')}
        </Button>
      </div>
    </form>
  );
}
