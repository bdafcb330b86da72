/** The console's form of the tenant's CAMARA operator: what it shows of the saved settings, and what it sends. */
import type { CamaraAccount, CamaraAccountBody } from './camara-account-api';

/** The form's fields as typed (the secret left empty keeps the stored one). */
export interface CamaraForm {
  operatorName: string;
  apiRoot: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  merchantIdentifier: string;
  currency: string;
  steps: '1' | '2';
  numberVerification: boolean;
}

export function camaraFormOf(account: CamaraAccount, currency: string): CamaraForm {
  return {
    operatorName: account.operatorName ?? '',
    apiRoot: account.apiRoot ?? '',
    issuer: account.issuer ?? '',
    clientId: account.clientId ?? '',
    clientSecret: '',
    merchantIdentifier: account.merchantIdentifier ?? '',
    currency: account.currency ?? currency,
    steps: account.steps === 1 ? '1' : '2',
    numberVerification: account.numberVerification,
  };
}

/** What PUT sends for the form: trimmed, the issuer and the secret only when given, the version read. */
export function camaraBodyOf(values: CamaraForm, version: number | null | undefined): CamaraAccountBody {
  const issuer = values.issuer.trim();
  const secret = values.clientSecret.trim();
  return {
    operatorName: values.operatorName.trim(),
    apiRoot: values.apiRoot.trim(),
    ...(issuer !== '' ? { issuer } : {}),
    clientId: values.clientId.trim(),
    ...(secret !== '' ? { clientSecret: values.clientSecret.includes('-----BEGIN') ? values.clientSecret.trim() + '\n' : secret } : {}),
    merchantIdentifier: values.merchantIdentifier.trim(),
    currency: values.currency.trim().toUpperCase(),
    steps: values.steps === '1' ? 1 : 2,
    numberVerification: values.numberVerification,
    ...(version != null ? { version } : {}),
  };
}
