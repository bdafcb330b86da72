/** Subscribe / unsubscribe one info service; a guest is asked to sign in first. */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { openDialog } from '@/lib/dialogs';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useSetInfoSubscription } from '../api/subscribe';

export function SubscribeButton({ serviceId, subscribed, title }: { serviceId: number; subscribed: boolean; title: string }) {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const change = useSetInfoSubscription();
  const toggle = () => {
    if (!signedIn) {
      openDialog('login-options');
      return;
    }
    change.mutate(
      { serviceId, subscribe: !subscribed },
      {
        onSuccess: (result) => showSnackbar(t(result.subscribed ? 'infoServices.subscribed' : 'infoServices.unsubscribed', { title }), 'success'),
        onError: () => showSnackbar(t('infoServices.changeError'), 'error'),
      },
    );
  };
  return (
    <Button variant={subscribed ? 'secondary' : 'primary'} aria-pressed={subscribed} disabled={change.isPending} onClick={toggle}>
      {subscribed ? t('infoServices.unsubscribe') : t('infoServices.subscribe')}
    </Button>
  );
}
