/** /user/login/email: straight to the hosted e-mail sign-in. */
import { HostedRedirect } from './hosted-redirect';

export default function LoginEmailPage() {
  return <HostedRedirect to="login" />;
}
