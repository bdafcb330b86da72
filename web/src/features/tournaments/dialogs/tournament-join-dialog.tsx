/**
 * The `tournament-join` dialog (commerce §2 dialogs): registers a team for a tournament with the caller
 * as captain, or asks to join a team (react-hook-form). The server's 400 naming a field and the
 * 409s land on the form; success closes it with a snackbar.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { LazyDialogShell } from '@/components/ui/lazy-dialog-shell';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorField } from '@/lib/api-client';
import { useDialog } from '@/lib/dialogs';
import { showSnackbar } from '@/lib/snackbar';
import { FORM_VALIDATION_MODE, fieldValidator } from '@/lib/validation';
import { useRegisterTeam, useSendJoinRequest } from '../api/team-calls';
import { isJoinField, JOIN_RULES } from '../join-rules';
import { useJoinTarget } from '../join-target';
import { PROVIDERS, type RegisterFields } from '../types';

const EMPTY: RegisterFields = { userName: '', ingameId: '', teamName: '', provider: 'steam' };

/** Server codes the form explains itself. */
const CONFLICTS: Record<string, string> = {
  TEAM_NAME_TAKEN: 'tournaments.join.errors.nameTaken',
  ALREADY_IN_TEAM: 'tournaments.join.errors.alreadyInTeam',
  JOIN_REQUEST_PENDING: 'tournaments.join.errors.pending',
  TEAM_FULL: 'tournaments.join.errors.full',
  REGISTRATION_CLOSED: 'tournaments.join.errors.closed',
};

export function TournamentJoinDialog() {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, params?: Record<string, string | number>) => string;
  const [open, setDialogOpen] = useDialog('tournament-join');
  const target = useJoinTarget();
  const register = useRegisterTeam();
  const join = useSendJoinRequest();
  const providerId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterFields>({ ...FORM_VALIDATION_MODE, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  // Closing leaves an empty form for the next opening (another team, another tournament).
  const setOpen = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY);
      setFormError(null);
    }
    setDialogOpen(next);
  };

  if (!target) return null;
  const registering = target.mode === 'register';

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const fields = { userName: values.userName.trim(), ingameId: values.ingameId.trim(), provider: values.provider };
    try {
      if (target.mode === 'register') {
        await register.mutateAsync({ tournamentId: target.tournamentId, fields: { ...fields, teamName: values.teamName.trim() } });
        showSnackbar(t('tournaments.join.registered'), 'success');
      } else {
        await join.mutateAsync({ teamId: target.teamId, fields });
        showSnackbar(t('tournaments.join.requested'), 'success');
      }
      setOpen(false);
    } catch (error) {
      const conflict = error instanceof ApiError && error.code ? CONFLICTS[error.code] : undefined;
      if (conflict && error instanceof ApiError && error.code === 'TEAM_NAME_TAKEN') {
        form.setError('teamName', { type: 'server', message: conflict }, { shouldFocus: true });
        return;
      }
      if (conflict) {
        setFormError(conflict);
        return;
      }
      const field = errorField(error);
      if (error instanceof ApiError && error.status === 400 && isJoinField(field)) {
        form.setError(field, { type: 'server', message: 'validation.invalid' }, { shouldFocus: true });
        return;
      }
      console.error('Tournament registration failed', error);
      setFormError('tournaments.join.errors.failed');
    }
  });

  return (
    <LazyDialogShell
      open={open}
      onOpenChange={setOpen}
      title={registering ? t('tournaments.join.registerTitle') : t('tournaments.join.joinTitle')}
      description={registering ? target.title : target.teamName}
      closeLabel={t('tournaments.close')}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" data-testid="tournament-join-form">
        {registering && (
          <TextField label={t('tournaments.join.teamName')} autoComplete="off" maxLength={64} error={errors.teamName?.message} {...form.register('teamName', { validate: fieldValidator(JOIN_RULES.teamName) })} />
        )}
        <TextField label={t('tournaments.join.userName')} autoComplete="nickname" maxLength={64} error={errors.userName?.message} {...form.register('userName', { validate: fieldValidator(JOIN_RULES.userName) })} />
        <TextField label={t('tournaments.join.ingameId')} autoComplete="off" maxLength={64} dir="auto" error={errors.ingameId?.message} {...form.register('ingameId', { validate: fieldValidator(JOIN_RULES.ingameId) })} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={providerId} className="text-sm font-semibold">
            {t('tournaments.join.provider')}
          </label>
          <select
            id={providerId}
            className="h-11 rounded-xl border border-border bg-bg px-3 text-base text-text focus-visible:outline-2 focus-visible:outline-accent"
            {...form.register('provider')}
          >
            {PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {t(`tournaments.providers.${p}`)}
              </option>
            ))}
          </select>
        </div>
        {formError && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {translate(formError)}
          </p>
        )}
        <div className="flex justify-end gap-3 pt-2">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            {t('tournaments.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {registering ? t('tournaments.join.registerSubmit') : t('tournaments.join.joinSubmit')}
          </Button>
        </div>
      </form>
    </LazyDialogShell>
  );
}
