/** /user/register: straight to the hosted registration. */
import { HostedRedirect } from './hosted-redirect';

export default function RegisterPage() {
  return <HostedRedirect to="register" />;
}
