/**
 * One challenge with the caller's progress: its game, dates, steps (done, in progress with a bar,
 * locked until the step before is done, or waiting for the opt-in) and the tickets each pays. A
 * challenge not joined yet offers the `challenge-join` dialog; a joined one links to its game.
 */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { formatDate, formatDigits } from '@/lib/formatters';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { openChallengeJoin } from '../join-target';
import { challengePhase, stepState, stepTickets, type Challenge, type StepState } from '../types';

const STATE_STYLE: Record<StepState, string> = {
  done: 'border-emerald-600/40 bg-emerald-600/10',
  open: 'border-primary/50 bg-primary/5',
  locked: 'border-border bg-bg opacity-75',
  waiting: 'border-border bg-surface',
  closed: 'border-border bg-bg opacity-75',
};

export function ChallengeCard({ challenge, now = new Date() }: { challenge: Challenge; now?: Date }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const phase = challengePhase(challenge, now);
  const steps = challenge.challengeSteps;
  const gameHref = challenge.game?.href;

  return (
    <article data-testid={`challenge-${challenge.id}`} className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <header className="flex items-start gap-4">
        {challenge.game?.imageUrl && (
          <img src={challenge.game.imageUrl} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-xl object-cover" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="text-xl font-bold">{challenge.title}</h3>
          <p className="text-sm text-muted">
            {phase === 'upcoming' && challenge.startsAt && t('challenges.starts', { date: formatDate(challenge.startsAt, lang) })}
            {phase === 'running' && challenge.endsAt && t('challenges.ends', { date: formatDate(challenge.endsAt, lang) })}
            {phase === 'ended' && t('challenges.ended')}
          </p>
        </div>
        {challenge.optedIn && <span className="shrink-0 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900 dark:bg-emerald-400/20 dark:text-emerald-100">{t('challenges.optedIn')}</span>}
      </header>
      {challenge.description && <p className="text-muted">{challenge.description}</p>}
      {challenge.optedIn && (
        <p className="text-sm font-semibold" aria-live="polite">
          {t('challenges.completed', { done: formatDigits(challenge.completedSteps, lang), count: steps.length })}
          {' · '}
          {t('challenges.earned', { count: challenge.ticketsEarned })}
        </p>
      )}
      <ol className="flex flex-col gap-2" aria-label={t('challenges.stepsLabel')}>
        {steps.map((step, index) => {
          const state = stepState(challenge, index);
          const percent = Math.round((Math.min(step.count, step.target) / Math.max(step.target, 1)) * 100);
          return (
            <li key={step.id} data-testid={`step-${step.id}`} data-state={state} className={`flex flex-col gap-2 rounded-xl border p-3 ${STATE_STYLE[state]}`}>
              <div className="flex items-start justify-between gap-3">
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold">{step.title}</span>
                  <span className="text-sm text-muted">{step.goal}</span>
                </span>
                <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-1 text-sm font-bold text-amber-900 dark:bg-amber-400/20 dark:text-amber-100">
                  {t('challenges.plusTickets', { count: stepTickets(step) })}
                </span>
              </div>
              <div className="flex items-center gap-3">
                <div
                  role="progressbar"
                  aria-label={step.title}
                  aria-valuemin={0}
                  aria-valuemax={step.target}
                  aria-valuenow={Math.min(step.count, step.target)}
                  className="h-2 flex-1 overflow-hidden rounded-full bg-border/70"
                >
                  <div className={`h-full rounded-full ${state === 'done' ? 'bg-emerald-600' : 'bg-primary'}`} style={{ width: `${percent}%` }} />
                </div>
                <span className="shrink-0 text-sm text-muted">
                  {t('challenges.stepCount', { done: formatDigits(Math.min(step.count, step.target), lang), target: formatDigits(step.target, lang) })}
                </span>
              </div>
              <span className="text-sm font-semibold">{t(`challenges.state.${state}`)}</span>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-3">
        {!challenge.optedIn && phase !== 'ended' && <Button onClick={() => openChallengeJoin(challenge)}>{t('challenges.joinButton')}</Button>}
        {challenge.optedIn && gameHref && (
          <Link to={localize(gameHref)} className={buttonClass('primary')}>
            {t('challenges.toGame')}
          </Link>
        )}
        {!challenge.optedIn && gameHref && (
          <Link to={localize(gameHref)} className={buttonClass('secondary')}>
            {t('challenges.toGame')}
          </Link>
        )}
      </div>
    </article>
  );
}
