/**
 * /apps/manage/:id: one of the caller's apps. Edit its fields and status, hand out its consent link,
 * issue a new client secret (shown once) and delete it, each behind a confirmation. Another user's
 * app is not found (the server answers 404).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { LazyDialogShell as DialogShell } from '@/components/ui/lazy-dialog-shell';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/formatters';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { consentUrl, isAppId } from '../app-rules';
import { useDeleteApp, useMyApp, useRotateSecret, useUpdateApp } from '../api/owned-apps';
import type { IssuedApp, OwnedApp } from '../types';
import { preloadAppForm } from './app-form-loader';
import { LazyAppForm as AppForm } from './lazy-app-form';
import { CopyField, SecretPanel, SignInPrompt, StatusBadge } from './apps-parts';

export function ManageAppView({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  if (!signedIn) return <SignInPrompt text={t('apps.manage.signIn')} />;
  if (!isAppId(id)) return <NotFound />;
  return <ManageApp id={id} />;
}

function NotFound() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <div className="flex flex-col items-start gap-4" data-testid="app-not-found">
      <p role="alert" className="text-lg text-muted">{t('apps.notFound')}</p>
      <Link to={localize('/apps/manage')} className={buttonClass('secondary')}>{t('apps.register.allApps')}</Link>
    </div>
  );
}

function ManageApp({ id }: { id: string }) {
  const app = useMyApp(id);
  // The edit form's code comes beside the app's answer, not after it (lazy-app-form.tsx).
  useEffect(() => preloadAppForm(), []);
  if (app.isPending) return <Skeleton className="h-96" />;
  if (app.isError) return <NotFound />;
  return <AppEditor app={app.data} />;
}

function AppEditor({ app }: { app: OwnedApp }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const update = useUpdateApp(app.id);
  const rotate = useRotateSecret(app.id);
  const remove = useDeleteApp(app.id);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const [issued, setIssued] = useState<IssuedApp | null>(null);

  const rotateNow = async () => {
    try {
      setIssued(await rotate.mutateAsync(undefined));
      setConfirm(null);
    } catch (error) {
      console.error('The secret could not be renewed', error);
      showSnackbar(t('apps.manage.actionFailed'), 'error');
    }
  };
  const deleteNow = async () => {
    try {
      await remove.mutateAsync(undefined);
      setConfirm(null);
      showSnackbar(t('apps.manage.deleted', { name: app.name }), 'success');
      void navigate(localize('/apps/manage'));
    } catch (error) {
      console.error('The app could not be deleted', error);
      showSnackbar(t('apps.manage.actionFailed'), 'error');
    }
  };

  return (
    <div className="flex flex-col gap-8" data-testid="manage-app">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold"><bdi>{app.name}</bdi></h2>
        <StatusBadge status={app.status} />
      </div>
      <p>{t('apps.manage.grantedCount', { formatted: formatNumber(app.grantedCount, lang) })}</p>
      <CopyField label={t('apps.consentLink')} value={consentUrl(app.id, localize)} testId="app-consent-link" />
      {issued && <SecretPanel appId={issued.app.id} secret={issued.clientSecret} />}
      <section className="flex flex-col gap-4" aria-labelledby="app-edit-heading">
        <h3 id="app-edit-heading" className="text-xl font-bold">{t('apps.manage.editHeading')}</h3>
        <AppForm
          key={app.updatedAt}
          editing
          initial={{ name: app.name, publisher: app.publisher, description: app.description, redirectUri: app.redirectUri, scopes: app.scopes, status: app.status }}
          submitLabel={t('apps.manage.save')}
          busyLabel={t('apps.manage.saving')}
          onSubmit={async (fields) => {
            await update.mutateAsync(fields);
            showSnackbar(t('apps.manage.saved'), 'success');
          }}
        />
      </section>
      <section className="flex flex-col gap-3 rounded-2xl border border-border p-5" aria-labelledby="app-danger-heading">
        <h3 id="app-danger-heading" className="text-xl font-bold">{t('apps.manage.secretHeading')}</h3>
        <p className="text-sm text-muted">{t('apps.manage.secretText')}</p>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setConfirm('rotate')}>{t('apps.manage.rotate')}</Button>
          <Button variant="secondary" className="text-red-700 dark:text-red-300" onClick={() => setConfirm('delete')}>{t('apps.manage.delete')}</Button>
        </div>
      </section>
      <DialogShell
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === 'delete' ? t('apps.manage.deleteTitle', { name: app.name }) : t('apps.manage.rotateTitle')}
        description={confirm === 'delete' ? t('apps.manage.deleteText') : t('apps.manage.rotateText')}
        closeLabel={t('apps.close')}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirm(null)}>{t('apps.cancel')}</Button>
          {confirm === 'delete' ? (
            <Button disabled={remove.isPending} onClick={() => void deleteNow()}>{t('apps.manage.deleteConfirm')}</Button>
          ) : (
            <Button disabled={rotate.isPending} onClick={() => void rotateNow()}>{t('apps.manage.rotateConfirm')}</Button>
          )}
        </div>
      </DialogShell>
    </div>
  );
}
