/**
 * Dialog 'identity-fields' (REQUIRED_IDENTITY_FIELD_NOT_FOUND): collects the profile fields the plan
 * requires, saves them (PUT /user/profile) and subscribes again.
 */
import { usePlanById } from '../hooks/use-plan-by-id';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { FORM_VALIDATION_MODE, fieldValidator, type ValidationRule } from '@/lib/validation';
import { useUpdateIdentityFields } from '../api/update-identity-fields';
import { DialogActions, SubscriptionDialog } from '../components/subscription-dialog';
import { closeFlowDialogs } from '../flow';
import { usePlanFormat } from '../hooks/use-plan-format';
import { useSubscribeFlow } from '../hooks/use-subscribe-flow';
import { planTitle } from '../plan-attributes';
import { useSubscriptionStore } from '../store';

const KNOWN_FIELDS = ['name', 'lastName', 'email', 'msisdn'] as const;
type KnownField = (typeof KNOWN_FIELDS)[number];

const NAME_RULES: ValidationRule[] = [{ type: 'required' }, { type: 'maxLength', value: 64 }, { type: 'regex', value: /^[^\d<>{}[\]\\/"]+$/u }];
const RULES: Record<KnownField, ValidationRule[]> = {
  name: NAME_RULES,
  lastName: NAME_RULES,
  email: [{ type: 'required' }, { type: 'email' }],
  msisdn: [{ type: 'required' }, { type: 'regex', value: /^\d{8,15}$/ }],
};

function IdentityForm({ typeId, fields }: { typeId: number; fields: string[] }) {
  const { t } = useTranslation();
  const flow = useSubscribeFlow();
  const save = useUpdateIdentityFields();
  const { register, handleSubmit, formState } = useForm<Record<string, string>>(FORM_VALIDATION_MODE);
  const label = (field: string) => ((KNOWN_FIELDS as readonly string[]).includes(field) ? t(`subscription.identity.fields.${field as KnownField}`) : field);
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      closeFlowDialogs();
      await flow.subscribe(typeId);
    } catch (error) {
      console.error('Saving the identity fields failed', error);
    }
  });
  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)} noValidate>
      {fields.map((field) => (
        <TextField
          key={field}
          label={label(field)}
          error={formState.errors[field]?.message}
          {...register(field, { validate: fieldValidator((KNOWN_FIELDS as readonly string[]).includes(field) ? RULES[field as KnownField] : [{ type: 'required' }]) })}
        />
      ))}
      {save.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('subscription.identity.failed')}
        </p>
      )}
      <DialogActions>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('subscription.loading') : t('subscription.identity.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function IdentityFieldsDialog() {
  const planById = usePlanById();
  const { t } = useTranslation();
  const { lang } = usePlanFormat();
  const identity = useSubscriptionStore((state) => state.flow.identity);
  const plan = planById(identity?.typeId);
  return (
    <SubscriptionDialog name="identity-fields" title={t('subscription.identity.title')} description={t('subscription.identity.description', { name: plan ? planTitle(plan, lang) : '' })}>
      {identity && <IdentityForm key={identity.typeId} typeId={identity.typeId} fields={identity.fields} />}
    </SubscriptionDialog>
  );
}
