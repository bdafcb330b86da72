/** What a guest sees on a page of their own data: a line and the sign-in button (the login-options dialog). */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { openDialog } from '@/lib/dialogs';

export function SignInNote({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-lg text-muted">{text}</p>
      <Button onClick={() => openDialog('login-options')}>{t('engagement.signIn')}</Button>
    </div>
  );
}
