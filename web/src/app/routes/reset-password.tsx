/** /resetpassword?session=…: choose a new password. */
import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/identity/components/reset-password-form';
import { Card, PageFrame } from './page-frame';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame narrow>
      <Card>
        <ResetPasswordForm session={params.get('session')} />
      </Card>
    </PageFrame>
  );
}
