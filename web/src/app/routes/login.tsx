/** /user/login: the tenant's ways to sign in; `?redirect=` (a path on this site) is where it returns. */
import { useSearchParams } from 'react-router';
import { LoginOptions } from '@/features/identity/components/login-options';
import { safeReturnPath } from '@/features/identity/login-urls';
import { useLocalizePath } from '@/lib/use-language';
import { Card, PageFrame } from './page-frame';

export default function LoginPage() {
  const [params] = useSearchParams();
  const localize = useLocalizePath();
  return (
    <PageFrame narrow>
      <Card>
        <LoginOptions target={safeReturnPath(params.get('redirect')) ?? localize('/')} />
      </Card>
    </PageFrame>
  );
}
