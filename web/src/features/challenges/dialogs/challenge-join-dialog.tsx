/**
 * The `challenge-join` dialog (commerce §2 dialogs): what a challenge asks (its steps, their goals
 * and tickets, whether they unlock one after the other) and a button that opts in
 * (PATCH /kafka/optInChallenge/{id}); a guest is offered the sign-in instead. Its Radix shell loads
 * the first time it opens.
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { LazyDialogShell } from '@/components/ui/lazy-dialog-shell';
import { closeDialog, openDialog, useDialog } from '@/lib/dialogs';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useOptInChallenge } from '../api/opt-in';
import { useJoinTarget } from '../join-target';
import { stepTickets } from '../types';

export function ChallengeJoinDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog('challenge-join');
  const challenge = useJoinTarget();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const optIn = useOptInChallenge();
  if (!challenge) return null;

  const join = () => {
    optIn.mutate(challenge.id, {
      onSuccess: () => {
        showSnackbar(t('challenges.joined'), 'success');
        setOpen(false);
      },
      onError: () => showSnackbar(t('challenges.joinFailed'), 'error'),
    });
  };
  const signIn = () => {
    closeDialog('challenge-join');
    openDialog('login-options');
  };

  return (
    <LazyDialogShell open={open} onOpenChange={setOpen} title={t('challenges.joinTitle')} description={challenge.title} closeLabel={t('challenges.close')}>
      <div className="flex flex-col gap-4" data-testid="challenge-join">
        {challenge.description && <p className="text-muted">{challenge.description}</p>}
        {challenge.chained && <p className="text-sm font-semibold">{t('challenges.chained')}</p>}
        <ol className="flex flex-col gap-2">
          {challenge.challengeSteps.map((step) => (
            <li key={step.id} className="flex items-start justify-between gap-3 rounded-xl border border-border p-3">
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold">{step.title}</span>
                <span className="text-sm text-muted">{step.goal}</span>
              </span>
              <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-1 text-sm font-bold text-amber-900 dark:bg-amber-400/20 dark:text-amber-100">
                {t('challenges.plusTickets', { count: stepTickets(step) })}
              </span>
            </li>
          ))}
        </ol>
        <p className="text-sm text-muted">{t('challenges.joinHint')}</p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('challenges.notNow')}
          </Button>
          {signedIn ? (
            <Button onClick={join} disabled={optIn.isPending}>
              {t('challenges.join')}
            </Button>
          ) : (
            <Button onClick={signIn}>{t('challenges.signInToJoin')}</Button>
          )}
        </div>
      </div>
    </LazyDialogShell>
  );
}
