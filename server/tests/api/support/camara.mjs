// A mobile operator for the tests, in this process: GSMA Open Gateway's CAMARA APIs as an operator exposes them
// (server/tests/contracts/camara: Carrier Billing 0.5 with one-step and two-step payments, Carrier Billing Refund
// 0.3, One Time Password SMS 1.1, Number Verification 2.1) and the OpenID Connect endpoints they need (discovery,
// authorize with prompt=none answered from the "network connection", token with client_credentials and
// authorization_code, JWKS). Every API call goes through Stoplight Prism's proxy, which checks the call and the
// answer against CAMARA's published YAML files (support/camara-contract.mjs); the server also checks each request
// body itself with Prism's validator and answers CAMARA's 400 INVALID_ARGUMENT for one outside the contract, as an
// operator must (the Gherkin test definitions ask it). Notifications are CloudEvents POSTed to the `sink` of the
// payment or refund, with the sinkCredential's access token, each checked against its event's schema before it is
// sent; a receiver that answers a status the callback does not list is a violation too.
//
//   the portal ──> apiRoot (front) ──> Prism ──> directBase (this server)        the CAMARA APIs
//   the portal ──> apiRoot (front) ──────────────> directBase                    OpenID Connect (no CAMARA document)
//   a browser  ──> apiRoot/authorize (the operator recognises the device by its connection: connect())
//
// const camara = await startCamara();  camara.client({...}) -> credentials for one tenant;  camara.line(msisdn, {...})
// shapes a subscriber;  camara.sms (the SMS the operator sent), camara.violations, camara.refused, camara.requests;
// camara.stop().
//
// Security (ICM profile, identity-and-consent/CAMARA-Security-Interoperability.md): a client authenticates at the
// token endpoint with a JWT assertion (private_key_jwt: RS256/ES256 with the public key registered at onboarding;
// or client_secret_jwt: HS256 with its secret) of at most 300 s, audience the token endpoint or the issuer, each
// assertion used once. Two-legged tokens (client_credentials, a scope required) last `tokenLifetime` seconds;
// three-legged ones (authorization code with prompt=none) 300 s, and a Number Verification call spends its token.
import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';
import {
  createHash, createHmac, generateKeyPairSync, randomInt, randomUUID, sign as signWith, timingSafeEqual,
  verify as verifyWith,
} from 'node:crypto';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { camaraContract, camaraSchema, callbackStatuses, eventSchema } from './camara-contract.mjs';
import { freePort } from './smtp.mjs';

const require = createRequire(resolve(import.meta.dirname, '../../../../web/package.json'));
const PRISM = resolve(import.meta.dirname, '../../../../web/node_modules/.bin/prism');

export const CB = '/carrier-billing/v0.5';
export const CBR = '/carrier-billing-refund/v0.3';
export const NV = '/number-verification/v2';
export const OTP = '/one-time-password-sms/v1';

// Every scope of the four APIs (a client registered without a list may ask for any).
export const SCOPES = {
  create: 'carrier-billing:payments:create',
  read: 'carrier-billing:payments:read',
  write: 'carrier-billing:payments:write',
  refundCreate: 'carrier-billing-refund:refunds:create',
  refundRead: 'carrier-billing-refund:refunds:read',
  otp: 'one-time-password-sms:send-validate',
  verify: 'number-verification:verify',
  share: 'number-verification:device-phone-number:read',
};
const ALL_SCOPES = Object.values(SCOPES);

// What the operator allows (an operator sets these at onboarding; the Gherkin tests' config_var).
export const LIMITS = {
  validationTries: 3,          // validatePayment: codes per payment before VALIDATION_FAILED
  reservationSeconds: 600,     // a prepared payment not confirmed or cancelled by then is discarded (cancelled)
  otpTries: 3,                 // validate-code: the spec's max_try
  otpSeconds: 300,             // an OTP's authenticationId is valid this long
  otpCodesPerHour: 5,          // send-code per phone number per hour, then MAX_OTP_CODES_EXCEEDED
  accessTokenSeconds: 300,     // a three-legged token
  assertionSeconds: 300,       // a client assertion's longest life
  codeSeconds: 60,             // an authorization code
  maxAmount: 1000,             // the most one payment may charge (in the currency's units): UNAUTHORIZED_AMOUNT above
};

const FRONT_HEADER = 'x-camara-test-front';
const API_PREFIXES = [CB, CBR, NV, OTP];

let clockOffset = 0;
const nowMs = () => Date.now() + clockOffset * 1000;
const now = () => Math.floor(nowMs() / 1000);
const iso = (seconds = now()) => new Date(seconds * 1000).toISOString();
const b64url = (buffer) => Buffer.from(buffer).toString('base64url');
const digits = (length) => Array.from({ length }, () => randomInt(10)).join('');
const round3 = (value) => Math.round(value * 1000) / 1000;

// ---------------------------------------------------------------------------------------------------------------
// Errors as CAMARA writes them

class CamaraError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}
const invalidArgument = (message = 'Client specified an invalid argument, request body or query param.') =>
  new CamaraError(400, 'INVALID_ARGUMENT', message);
const unauthenticated = () =>
  new CamaraError(401, 'UNAUTHENTICATED', 'Request not authenticated due to missing, invalid, or expired credentials. A new authentication is required.');
const permissionDenied = () => new CamaraError(403, 'PERMISSION_DENIED', 'Client does not have sufficient permissions to perform this action.');
const notFound = (message = 'The specified resource is not found.') => new CamaraError(404, 'NOT_FOUND', message);

// ---------------------------------------------------------------------------------------------------------------
// JSON Web Tokens (the ID token, client assertions)

function decodeJwt(token) {
  const parts = String(token ?? '').split('.');
  if (parts.length !== 3) return null;
  try {
    return { header: JSON.parse(Buffer.from(parts[0], 'base64url')), claims: JSON.parse(Buffer.from(parts[1], 'base64url')), parts };
  } catch {
    return null;
  }
}

function signJwt(claims, privateKey, kid) {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const body = b64url(JSON.stringify(claims));
  return `${header}.${body}.${b64url(signWith('sha256', Buffer.from(`${header}.${body}`), privateKey))}`;
}

// Whether the JWT's signature is the client's: HS256 with its secret, RS256/ES256 with its registered public key.
function signedBy(jwt, client) {
  const data = Buffer.from(`${jwt.parts[0]}.${jwt.parts[1]}`);
  const signature = Buffer.from(jwt.parts[2], 'base64url');
  if (jwt.header.alg === 'HS256' && client.secret) {
    const expected = createHmac('sha256', client.secret).update(data).digest();
    return expected.length === signature.length && timingSafeEqual(expected, signature);
  }
  if (jwt.header.alg === 'RS256' && client.publicKey?.asymmetricKeyType === 'rsa')
    return verifyWith('sha256', data, client.publicKey, signature);
  if (jwt.header.alg === 'ES256' && client.publicKey?.asymmetricKeyType === 'ec')
    return verifyWith('sha256', data, { key: client.publicKey, dsaEncoding: 'ieee-p1363' }, signature);
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Prism's validator, in process (request bodies, notifications)

function problems(schema, value, context = 'Input') {
  const { validateAgainstSchema } = require('@stoplight/prism-http/dist/validator/validators/utils');
  const { ValidationContext } = require('@stoplight/prism-http/dist/validator/validators/types');
  const found = validateAgainstSchema(structuredClone(value), schema, true, ValidationContext[context], 'body');
  return found._tag === 'Some' ? found.value.map((d) => `${d.path.join('.')} ${d.message}`) : [];
}

// The request body schema of an operation, its discriminator resolved for this body ("type": total or partial).
function bodyProblems(schemaName, body) {
  if (body === undefined) return ['the request body is missing'];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return ['the request body is not an object'];
  let name = schemaName;
  if (name === 'cbr_CreateRefund') {
    if (body.type === 'total') name = 'cbr_CreateTotalRefund';
    else if (body.type === 'partial') name = 'cbr_CreatePartialRefund';
  }
  return problems(camaraSchema(name), body);
}

// ---------------------------------------------------------------------------------------------------------------
// The operator

function newWorld() {
  return {
    clients: new Map(), tokens: new Map(), assertions: new Set(), codes: new Map(), lines: new Map(),
    payments: new Map(), refunds: new Map(), otps: new Map(), otpSent: new Map(), sms: [], requests: [],
    violations: [], refused: [], notifications: [], held: [], hold: false, forwards: new Map(),
    connection: null, mode: 'sync', validation: 'validate', refundMode: 'sync', tokenLifetime: 3600,
    frontToken: randomUUID(), signingKey: generateKeyPairSync('rsa', { modulusLength: 2048 }), kid: randomUUID(),
  };
}

// A subscriber line: `denied` (a reason: every payment denied), `threshold` (units: a payment above it overpasses the
// accumulated amount), `sms` ('ok', 'blocked', 'notAllowed'), `otherOperator` (not this operator's).
const lineOf = (world, msisdn) => ({ sms: 'ok', ...(world.lines.get(msisdn) ?? {}) });

function bearer(world, req, scopes) {
  const [scheme, value] = String(req.headers.authorization ?? '').split(' ');
  if (!/^bearer$/i.test(scheme ?? '') || !value) throw unauthenticated();
  const token = world.tokens.get(value);
  if (!token || token.expires <= now() || token.spent) throw unauthenticated();
  if (scopes.length && !scopes.some((scope) => token.scopes.includes(scope))) throw permissionDenied();
  return token;
}

// The phone number a call is about: the three-legged token's, or the body's with a two-legged one.
function subjectOf(token, phoneNumber) {
  if (token.msisdn && phoneNumber !== undefined)
    throw new CamaraError(422, 'UNNECESSARY_IDENTIFIER', 'The phone number is already identified by the access token.');
  if (token.msisdn) return token.msisdn;
  if (phoneNumber === undefined) throw new CamaraError(422, 'MISSING_IDENTIFIER', 'The phone number cannot be identified.');
  return phoneNumber;
}

function ofThisOperator(world, msisdn) {
  const line = lineOf(world, msisdn);
  if (line.otherOperator) throw new CamaraError(404, 'IDENTIFIER_NOT_FOUND', 'phoneNumber not found.');
  if (line.notApplicable) throw new CamaraError(422, 'SERVICE_NOT_APPLICABLE', 'The service is not available for the provided identifier.');
}

const renderPayment = (payment) => {
  const out = {
    paymentId: payment.paymentId, amountTransaction: payment.amountTransaction, paymentStatus: payment.paymentStatus,
    paymentCreationDate: payment.paymentCreationDate,
  };
  if (payment.paymentDate) out.paymentDate = payment.paymentDate;
  if (payment.sink) out.sink = payment.sink;
  return out;
};

const renderRefund = (refund) => {
  const out = {
    refundId: refund.refundId, refundStatus: refund.refundStatus, type: refund.type, refundCreationDate: refund.refundCreationDate,
    amountTransaction: refund.amountTransaction,
  };
  for (const key of ['refundDate', 'reason', 'sink']) if (refund[key]) out[key] = refund[key];
  return out;
};

// Prepared payments left unconfirmed past their reservation are discarded (cancelled, and said so).
function discardExpired(world) {
  for (const payment of world.payments.values()) {
    if (!['reserved', 'pending_validation'].includes(payment.paymentStatus) || payment.reservedUntil > now()) continue;
    payment.paymentStatus = 'cancelled';
    notify(world, payment, 'cb', 'org.camaraproject.carrier-billing.v0.payment-cancelled',
      { paymentId: payment.paymentId, status: 'succeeded', description: 'The reservation expired and was discarded' });
  }
}

// The amount a payment can still give back: its amount less every refund not denied (CAMARA's remaining amount).
function remaining(world, payment) {
  let left = payment.amountTransaction.paymentAmount.chargingInformation.amount;
  for (const refund of world.refunds.values())
    if (refund.paymentId === payment.paymentId && refund.refundStatus !== 'denied') left -= refund.amount;
  return round3(Math.max(left, 0));
}

function deniedBy(world, msisdn, amount) {
  const line = lineOf(world, msisdn);
  if (amount > LIMITS.maxAmount) return new CamaraError(422, 'CARRIER_BILLING.UNAUTHORIZED_AMOUNT', 'Unauthorized amount requested.');
  if (line.threshold !== undefined && amount > line.threshold)
    return new CamaraError(422, 'CARRIER_BILLING.USER_AMOUNT_THRESHOLD_OVERPASSED',
      'Unauthorized payment request. Accumulated user mobile payments overpass account amount threshold.');
  if (line.denied) return new CamaraError(403, 'CARRIER_BILLING.PAYMENT_DENIED', 'Payment denied by business.');
  return null;
}

// A new payment (createPayment, preparePayment) or, for a clientCorrelator retried with the same request, the first.
function newPayment(world, token, body, twoStep) {
  const input = body.amountTransaction;
  const msisdn = subjectOf(token, input.phoneNumber);
  ofThisOperator(world, msisdn);
  const sameRequest = JSON.stringify({ twoStep, body });
  for (const payment of world.payments.values()) {
    if (payment.clientId !== token.clientId) continue;
    if (input.clientCorrelator && payment.amountTransaction.clientCorrelator === input.clientCorrelator) {
      if (payment.request === sameRequest) return { payment, replayed: true };
      throw invalidArgument('clientCorrelator already exist on server.');
    }
    if (payment.amountTransaction.referenceCode === input.referenceCode)
      throw new CamaraError(409, 'ALREADY_EXISTS', 'The resource that a client tried to create already exists.');
  }
  const { currency } = input.paymentAmount.chargingInformation;
  if (!/^[A-Z]{3}$/.test(currency)) throw invalidArgument('Currency is unknown or not authorized.');
  const refused = deniedBy(world, msisdn, input.paymentAmount.chargingInformation.amount);
  if (refused) throw refused;
  const paymentId = randomUUID();
  const amountTransaction = { ...structuredClone(input), phoneNumber: msisdn, resourceURL: `urn:payments:${paymentId}`,
    serverReferenceCode: `srv-${paymentId.slice(0, 8)}` };
  const payment = {
    paymentId, clientId: token.clientId, msisdn, amountTransaction, request: sameRequest, twoStep,
    paymentCreationDate: iso(), paymentStatus: 'processing', sink: body.sink, sinkCredential: body.sinkCredential,
  };
  world.payments.set(paymentId, payment);
  return { payment, replayed: false };
}

function complete(world, payment) {
  payment.paymentStatus = 'succeeded';
  payment.paymentDate = iso();
  notify(world, payment, 'cb', 'org.camaraproject.carrier-billing.v0.payment-completed',
    { paymentId: payment.paymentId, status: 'succeeded', description: 'Payment completed', paymentDate: payment.paymentDate });
}

function deny(world, payment, reason) {
  payment.paymentStatus = 'denied';
  notify(world, payment, 'cb', 'org.camaraproject.carrier-billing.v0.payment-denied',
    { paymentId: payment.paymentId, status: 'failed', description: 'Payment denied', denialReason: reason });
}

// ---------------------------------------------------------------------------------------------------------------
// Notifications

// An event for the sink of `subject` (a payment or a refund), checked against its schema, then sent (or held).
function notify(world, subject, prefix, type, data) {
  if (!subject.sink) return;
  const event = {
    id: randomUUID(), source: 'https://operator.camara.test/carrier-billing', specversion: '1.0', type,
    datacontenttype: 'application/json', time: iso(), data,
  };
  for (const problem of problems(eventSchema(prefix, type), event, 'Output'))
    world.violations.push(`notification ${type}: ${problem}`);
  const token = subject.sinkCredential?.credentialType === 'ACCESSTOKEN' ? subject.sinkCredential.accessToken : null;
  const delivery = { url: subject.sink, event, token, operation: prefix === 'cb' ? (subject.twoStep ? 'preparePaymentNotification' : 'createPaymentNotification') : 'createRefundNotification' };
  if (world.hold) world.held.push(delivery);
  else world.queue.push(delivery);
}

async function deliver(world, { url, event, token, operation }, { body, withToken = true } = {}) {
  let target = url;
  for (const [origin, base] of world.forwards) if (url.startsWith(origin)) target = base + url.slice(origin.length);
  const headers = { 'content-type': 'application/cloudevents+json', 'x-correlator': event.id };
  if (token && withToken) headers.authorization = `Bearer ${token}`;
  let result;
  try {
    const answer = await fetch(target, { method: 'POST', headers, body: body ?? JSON.stringify(event), signal: AbortSignal.timeout(10_000) });
    result = { status: answer.status, body: await answer.text() };
  } catch (e) {
    result = { status: 0, body: String(e.cause?.message ?? e.message) };
  }
  const allowed = callbackStatuses(operation);
  if (result.status && !allowed.includes(result.status))
    world.violations.push(`notification ${event.type} to ${url}: answered ${result.status}, the callback allows ${allowed.join(', ')}`);
  world.notifications.push({ url, type: event.type, id: event.id, data: event.data, ...result });
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The APIs

const BODY_SCHEMAS = {
  'POST /carrier-billing/v0.5/payments': 'cb_CreatePayment',
  'POST /carrier-billing/v0.5/payments/prepare': 'cb_BodyAmountReservationTransactionForReserveInput',
  'POST /carrier-billing/v0.5/payments/{paymentId}/validate': 'cb_ValidatePayment',
  'POST /carrier-billing/v0.5/payments/{paymentId}/confirm': 'cb_PhoneNumber',
  'POST /carrier-billing/v0.5/payments/{paymentId}/cancel': 'cb_PhoneNumber',
  'POST /carrier-billing-refund/v0.3/payments/{paymentId}/refunds': 'cbr_CreateRefund',
  'POST /number-verification/v2/verify': 'nv_NumberVerificationRequestBody',
  'POST /one-time-password-sms/v1/send-code': 'otp_SendCodeBody',
  'POST /one-time-password-sms/v1/validate-code': 'otp_ValidateCodeBody',
};

// The scopes a token may hold to call an operation: the contract's (its openId security requirement).
let operationScopes = null;
function scopesOf(route) {
  if (!operationScopes) {
    const { readFileSync } = require('node:fs');
    const contract = JSON.parse(readFileSync(camaraContract(), 'utf8'));
    operationScopes = new Map();
    for (const [path, item] of Object.entries(contract.paths))
      for (const [method, operation] of Object.entries(item))
        operationScopes.set(`${method.toUpperCase()} ${path}`, (operation.security ?? []).flatMap((s) => s.openId ?? []));
  }
  return operationScopes.get(route) ?? [];
}

function paymentOf(world, token, id) {
  const payment = world.payments.get(id);
  if (!payment || payment.clientId !== token.clientId || (token.msisdn && token.msisdn !== payment.msisdn)) throw notFound();
  return payment;
}

const ROUTES = [
  ['POST', /^\/carrier-billing\/v0\.5\/payments$/, 'POST /carrier-billing/v0.5/payments', (world, c) => {
    const { payment, replayed } = newPayment(world, c.token, c.body, false);
    if (!replayed) {
      if (world.mode === 'sync') complete(world, payment);
    }
    return [201, renderPayment(payment)];
  }],
  ['GET', /^\/carrier-billing\/v0\.5\/payments$/, 'GET /carrier-billing/v0.5/payments', (world, c) => {
    discardExpired(world);
    const q = c.url.searchParams;
    const page = Number(q.get('page') ?? 1);
    const perPage = Number(q.get('perPage') ?? 10);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > 100) throw invalidArgument();
    const gte = q.get('paymentCreationDate.gte');
    const lte = q.get('paymentCreationDate.lte');
    for (const d of [gte, lte]) if (d !== null && Number.isNaN(Date.parse(d))) throw invalidArgument();
    if (gte && lte && Date.parse(gte) > Date.parse(lte))
      throw new CamaraError(400, 'CARRIER_BILLING.INVALID_DATE_RANGE', 'Client specified an invalid date range.');
    const statuses = q.getAll('paymentStatus').flatMap((s) => s.split(','));
    const merchant = q.get('merchantIdentifier');
    let found = [...world.payments.values()].filter((p) => p.clientId === c.token.clientId
      && (!c.token.msisdn || p.msisdn === c.token.msisdn)
      && (!gte || Date.parse(p.paymentCreationDate) >= Date.parse(gte))
      && (!lte || Date.parse(p.paymentCreationDate) <= Date.parse(lte))
      && (!statuses.length || statuses.includes(p.paymentStatus))
      && (!merchant || p.amountTransaction.paymentAmount.chargingMetaData?.merchantIdentifier === merchant));
    found.sort((a, b) => a.paymentCreationDate.localeCompare(b.paymentCreationDate));
    if ((q.get('order') ?? 'desc') === 'desc') found.reverse();
    const total = found.length;
    found = found.slice((page - 1) * perPage, page * perPage);
    return [200, found.map(renderPayment), { 'x-total-count': String(total) }];
  }],
  ['GET', /^\/carrier-billing\/v0\.5\/payments\/(?<paymentId>[^/]+)$/, 'GET /carrier-billing/v0.5/payments/{paymentId}', (world, c) => {
    discardExpired(world);
    return [200, renderPayment(paymentOf(world, c.token, c.params.paymentId))];
  }],
  ['POST', /^\/carrier-billing\/v0\.5\/payments\/prepare$/, 'POST /carrier-billing/v0.5/payments/prepare', (world, c) => {
    const { payment, replayed } = newPayment(world, c.token, c.body, true);
    if (!replayed) {
      payment.reservedUntil = now() + LIMITS.reservationSeconds;
      if (world.validation === 'validate') {
        payment.paymentStatus = 'pending_validation';
        payment.validation = { authorizationId: randomUUID().replaceAll('-', ''), code: digits(6), tries: 0 };
        sendSms(world, payment.msisdn, `Your code to pay ${payment.amountTransaction.paymentAmount.chargingInformation.amount} `
          + `${payment.amountTransaction.paymentAmount.chargingInformation.currency} on your bill: ${payment.validation.code}`, payment.validation.code);
        notify(world, payment, 'cb', 'org.camaraproject.carrier-billing.v0.payment-pending-validation',
          { paymentId: payment.paymentId, status: 'succeeded', description: 'Payment pending validation' });
      } else {
        payment.paymentStatus = 'reserved';
        notify(world, payment, 'cb', 'org.camaraproject.carrier-billing.v0.payment-reserved',
          { paymentId: payment.paymentId, status: 'succeeded', description: 'Payment reserved' });
      }
    }
    const out = renderPayment(payment);
    if (payment.validation && payment.paymentStatus === 'pending_validation')
      out.validationInfo = { action: 'validate', authorizationId: payment.validation.authorizationId };
    return [201, out];
  }],
  ['POST', /^\/carrier-billing\/v0\.5\/payments\/(?<paymentId>[^/]+)\/validate$/, 'POST /carrier-billing/v0.5/payments/{paymentId}/validate', (world, c) => {
    discardExpired(world);
    const payment = paymentOf(world, c.token, c.params.paymentId);
    const v = payment.validation;
    if (!v) throw notFound('The payment needs no validation.');
    if (v.done) throw new CamaraError(409, 'ALREADY_EXISTS', 'Payment already validated');
    if (payment.paymentStatus !== 'pending_validation' || v.tries >= LIMITS.validationTries)
      throw new CamaraError(400, 'CARRIER_BILLING.VALIDATION_FAILED', 'the maximum number of attempts have been consumed for this validation.');
    if (c.body.authorizationId !== v.authorizationId)
      throw new CamaraError(400, 'CARRIER_BILLING.INVALID_AUTHORIZATION_ID', 'Invalid authorizationId.');
    if (c.body.code !== v.code) {
      v.tries += 1;
      if (v.tries >= LIMITS.validationTries) {
        deny(world, payment, 'The validation code was wrong too many times');
        throw new CamaraError(400, 'CARRIER_BILLING.VALIDATION_FAILED', 'the maximum number of attempts have been consumed for this validation.');
      }
      throw new CamaraError(400, 'CARRIER_BILLING.INVALID_CODE', 'Invalid code.');
    }
    v.done = true;
    payment.paymentStatus = 'reserved';
    notify(world, payment, 'cb', 'org.camaraproject.carrier-billing.v0.payment-reserved',
      { paymentId: payment.paymentId, status: 'succeeded', description: 'Payment reserved' });
    return [204, null];
  }],
  ['POST', /^\/carrier-billing\/v0\.5\/payments\/(?<paymentId>[^/]+)\/confirm$/, 'POST /carrier-billing/v0.5/payments/{paymentId}/confirm', (world, c) => {
    discardExpired(world);
    const payment = secondStep(world, c);
    if (payment.paymentStatus === 'pending_validation') throw permissionDenied();
    payment.paymentStatus = 'processing';
    if (world.mode === 'sync') complete(world, payment);
    return [202, null];
  }],
  ['POST', /^\/carrier-billing\/v0\.5\/payments\/(?<paymentId>[^/]+)\/cancel$/, 'POST /carrier-billing/v0.5/payments/{paymentId}/cancel', (world, c) => {
    discardExpired(world);
    const payment = secondStep(world, c);
    payment.paymentStatus = 'cancelled';
    notify(world, payment, 'cb', 'org.camaraproject.carrier-billing.v0.payment-cancelled',
      { paymentId: payment.paymentId, status: 'succeeded', description: 'Payment cancelled' });
    return [202, null];
  }],
  ['POST', /^\/carrier-billing-refund\/v0\.3\/payments\/(?<paymentId>[^/]+)\/refunds$/, 'POST /carrier-billing-refund/v0.3/payments/{paymentId}/refunds', (world, c) => {
    const payment = paymentOf(world, c.token, c.params.paymentId);
    const input = c.body.amountTransaction;
    for (const refund of world.refunds.values()) {
      if (refund.clientId !== c.token.clientId) continue;
      if (input.clientCorrelator && refund.amountTransaction.clientCorrelator === input.clientCorrelator) {
        if (refund.request === JSON.stringify(c.body) && refund.paymentId === payment.paymentId) return [201, renderRefund(refund)];
        throw invalidArgument('clientCorrelator already exist on server.');
      }
      if (refund.amountTransaction.referenceCode === input.referenceCode)
        throw new CamaraError(409, 'ALREADY_EXISTS', 'The resource that a client tried to create already exists.');
    }
    if (payment.paymentStatus !== 'succeeded')
      throw new CamaraError(422, 'CARRIER_BILLING_REFUND.INVALID_PAYMENT_STATUS', 'The payment is not in a status that allows a refund.');
    const left = remaining(world, payment);
    const charged = payment.amountTransaction.paymentAmount.chargingInformation;
    let amount = left;
    if (c.body.type === 'partial') {
      const info = input.refundAmount.chargingInformation;
      if (info.currency !== charged.currency) throw invalidArgument('Currency is unknown or not authorized.');
      if (info.amount > left)
        throw new CamaraError(422, 'CARRIER_BILLING_REFUND.UNAUTHORIZED_AMOUNT', 'Unauthorized refund amount requested.');
      amount = info.amount;
    }
    if (amount <= 0) throw new CamaraError(422, 'CARRIER_BILLING_REFUND.UNAUTHORIZED_AMOUNT', 'Nothing is left to refund.');
    if (lineOf(world, payment.msisdn).refundsDenied)
      throw new CamaraError(403, 'CARRIER_BILLING_REFUND.REFUND_DENIED', 'Refund denied by business.');
    const refundId = randomUUID();
    const refund = {
      refundId, paymentId: payment.paymentId, clientId: c.token.clientId, type: c.body.type, amount,
      refundStatus: world.refundMode === 'sync' ? 'succeeded' : 'processing', refundCreationDate: iso(),
      amountTransaction: structuredClone(input), reason: c.body.reason, sink: c.body.sink, sinkCredential: c.body.sinkCredential,
      request: JSON.stringify(c.body),
    };
    refund.amountTransaction.serverReferenceCode = `srv-${refundId.slice(0, 8)}`;
    if (refund.refundStatus === 'succeeded') refund.refundDate = iso();
    world.refunds.set(refundId, refund);
    if (refund.refundStatus === 'succeeded')
      notify(world, refund, 'cbr', 'org.camaraproject.carrier-billing-refund.v0.refund-completed',
        { paymentId: payment.paymentId, refundId, status: 'succeeded', description: 'Refund completed', refundDate: refund.refundDate });
    return [201, renderRefund(refund)];
  }],
  ['GET', /^\/carrier-billing-refund\/v0\.3\/payments\/(?<paymentId>[^/]+)\/refunds$/, 'GET /carrier-billing-refund/v0.3/payments/{paymentId}/refunds', (world, c) => {
    const payment = paymentOf(world, c.token, c.params.paymentId);
    const q = c.url.searchParams;
    const gte = q.get('refundCreationDate.gte');
    const lte = q.get('refundCreationDate.lte');
    for (const d of [gte, lte]) if (d !== null && Number.isNaN(Date.parse(d))) throw invalidArgument();
    if (gte && lte && Date.parse(gte) > Date.parse(lte))
      throw new CamaraError(400, 'CARRIER_BILLING_REFUND.INVALID_DATE_RANGE', 'Client specified an invalid date range.');
    const statuses = q.getAll('refundStatus').flatMap((s) => s.split(','));
    const found = [...world.refunds.values()].filter((r) => r.paymentId === payment.paymentId
      && (!statuses.length || statuses.includes(r.refundStatus))
      && (!gte || Date.parse(r.refundCreationDate) >= Date.parse(gte))
      && (!lte || Date.parse(r.refundCreationDate) <= Date.parse(lte)));
    found.sort((a, b) => a.refundCreationDate.localeCompare(b.refundCreationDate));
    if ((q.get('order') ?? 'desc') === 'desc') found.reverse();
    return [200, found.map(renderRefund), { 'x-total-count': String(found.length) }];
  }],
  ['GET', /^\/carrier-billing-refund\/v0\.3\/payments\/(?<paymentId>[^/]+)\/refunds\/remaining-amount$/, 'GET /carrier-billing-refund/v0.3/payments/{paymentId}/refunds/remaining-amount', (world, c) => {
    const payment = paymentOf(world, c.token, c.params.paymentId);
    return [200, { amount: remaining(world, payment), currency: payment.amountTransaction.paymentAmount.chargingInformation.currency }];
  }],
  ['GET', /^\/carrier-billing-refund\/v0\.3\/payments\/(?<paymentId>[^/]+)\/refunds\/(?<refundId>[^/]+)$/, 'GET /carrier-billing-refund/v0.3/payments/{paymentId}/refunds/{refundId}', (world, c) => {
    const payment = paymentOf(world, c.token, c.params.paymentId);
    const refund = world.refunds.get(c.params.refundId);
    if (!refund || refund.paymentId !== payment.paymentId) throw notFound();
    return [200, renderRefund(refund)];
  }],
  ['POST', /^\/one-time-password-sms\/v1\/send-code$/, 'POST /one-time-password-sms/v1/send-code', (world, c) => {
    const msisdn = c.body.phoneNumber;
    const line = lineOf(world, msisdn);
    if (line.otherOperator) throw notFound('The phone number is not one of this operator\'s.');
    if (line.sms === 'notAllowed' || line.landline)
      throw new CamaraError(403, 'ONE_TIME_PASSWORD_SMS.PHONE_NUMBER_NOT_ALLOWED', "Phone_number can't receive an SMS due to business reasons in the operator.");
    if (line.sms === 'blocked')
      throw new CamaraError(403, 'ONE_TIME_PASSWORD_SMS.PHONE_NUMBER_BLOCKED', 'Phone_number is blocked to receive SMS due to any blocking business reason in the operator.');
    const recent = (world.otpSent.get(msisdn) ?? []).filter((t) => t > now() - 3600);
    if (recent.length >= LIMITS.otpCodesPerHour)
      throw new CamaraError(403, 'ONE_TIME_PASSWORD_SMS.MAX_OTP_CODES_EXCEEDED', 'Too many OTPs have been requested for this MSISDN. Try later.');
    world.otpSent.set(msisdn, [...recent, now()]);
    // A new code for the number ends the number's earlier ones (VERIFICATION_EXPIRED).
    for (const otp of world.otps.values()) if (otp.msisdn === msisdn) otp.replaced = true;
    const code = digits(6);
    const authenticationId = randomUUID();
    world.otps.set(authenticationId, { authenticationId, clientId: c.token.clientId, msisdn, code, tries: 0, expires: now() + LIMITS.otpSeconds });
    sendSms(world, msisdn, c.body.message.replaceAll('{{code}}', code), code);
    return [200, { authenticationId }];
  }],
  ['POST', /^\/one-time-password-sms\/v1\/validate-code$/, 'POST /one-time-password-sms/v1/validate-code', (world, c) => {
    const otp = world.otps.get(c.body.authenticationId);
    if (!otp || otp.clientId !== c.token.clientId) throw notFound();
    if (otp.failed)
      throw new CamaraError(400, 'ONE_TIME_PASSWORD_SMS.VERIFICATION_FAILED', 'The maximum number of attempts for this authenticationId was exceeded without providing a valid OTP');
    if (otp.used || otp.replaced || otp.expires <= now())
      throw new CamaraError(400, 'ONE_TIME_PASSWORD_SMS.VERIFICATION_EXPIRED', 'The authenticationId is no longer valid');
    if (c.body.code !== otp.code) {
      otp.tries += 1;
      if (otp.tries >= LIMITS.otpTries) {
        otp.failed = true;
        throw new CamaraError(400, 'ONE_TIME_PASSWORD_SMS.VERIFICATION_FAILED', 'The maximum number of attempts for this authenticationId was exceeded without providing a valid OTP');
      }
      throw new CamaraError(400, 'ONE_TIME_PASSWORD_SMS.INVALID_OTP', 'The provided OTP is not valid for this authenticationId');
    }
    otp.used = true;
    return [204, null];
  }],
  ['POST', /^\/number-verification\/v2\/verify$/, 'POST /number-verification/v2/verify', (world, c) => {
    // The schema lets any one property through (minProperties 1, maxProperties 1); the operation reads these two.
    if ((c.body.phoneNumber === undefined) === (c.body.hashedPhoneNumber === undefined))
      throw invalidArgument('Give either phoneNumber or hashedPhoneNumber.');
    const msisdn = networkSubject(c.token);
    const verified = c.body.phoneNumber !== undefined
      ? c.body.phoneNumber === msisdn
      : c.body.hashedPhoneNumber.toLowerCase() === createHash('sha256').update(msisdn).digest('hex');
    c.token.spent = true;
    return [200, { devicePhoneNumberVerified: verified }];
  }],
  ['GET', /^\/number-verification\/v2\/device-phone-number$/, 'GET /number-verification/v2/device-phone-number', (world, c) => {
    const msisdn = networkSubject(c.token);
    c.token.spent = true;
    return [200, { devicePhoneNumber: msisdn }];
  }],
];

// Number Verification answers only for a subscriber the network authenticated (a three-legged token).
function networkSubject(token) {
  if (!token.msisdn) throw permissionDenied();
  if (token.amr !== 'network')
    throw new CamaraError(403, 'NUMBER_VERIFICATION.USER_NOT_AUTHENTICATED_BY_MOBILE_NETWORK', 'Client must authenticate via the mobile network to use this service');
  return token.msisdn;
}

// confirmPayment and cancelPayment: the prepared payment, still to be confirmed or cancelled.
function secondStep(world, c) {
  const payment = paymentOf(world, c.token, c.params.paymentId);
  if (!payment.twoStep) throw notFound();
  const msisdn = subjectOf(c.token, c.body.phoneNumber);
  ofThisOperator(world, msisdn);
  if (msisdn !== payment.msisdn) throw new CamaraError(404, 'IDENTIFIER_NOT_FOUND', 'phoneNumber not found.');
  if (payment.paymentStatus === 'succeeded' || payment.paymentStatus === 'processing')
    throw new CamaraError(409, 'CARRIER_BILLING.PAYMENT_CONFIRMED', 'Payment has been confirmed.');
  if (payment.paymentStatus === 'cancelled') throw new CamaraError(409, 'CARRIER_BILLING.PAYMENT_CANCELLED', 'Payment has been cancelled.');
  if (payment.paymentStatus === 'denied') {
    // confirmPayment's 403 names the business denial; cancelPayment's 403 knows only PERMISSION_DENIED.
    if (c.url.pathname.endsWith('/confirm')) throw new CamaraError(403, 'CARRIER_BILLING.PAYMENT_DENIED', 'Payment denied by business.');
    throw new CamaraError(403, 'PERMISSION_DENIED', 'The payment was denied: there is nothing to cancel.');
  }
  return payment;
}

function sendSms(world, msisdn, text, code) {
  world.sms.push({ to: msisdn, text, code, at: iso() });
}

// ---------------------------------------------------------------------------------------------------------------
// OpenID Connect

function discovery(issuer) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    scopes_supported: ['openid', ...ALL_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'client_credentials'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS256', 'ES256', 'HS256'],
    code_challenge_methods_supported: ['S256'],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'amr', 'auth_time'],
  };
}

const oauthError = (res, status, error, description) =>
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ error, error_description: description }));

// The client a token request authenticates as (its JWT assertion), or null with the answer given.
function authenticatedClient(world, form, tokenEndpoint, issuer) {
  if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return null;
  const jwt = decodeJwt(form.get('client_assertion'));
  if (!jwt) return null;
  const { claims } = jwt;
  const client = world.clients.get(claims.iss);
  if (!client || claims.sub !== claims.iss || (form.get('client_id') && form.get('client_id') !== claims.iss)) return null;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(tokenEndpoint) && !audiences.includes(issuer)) return null;
  if (typeof claims.exp !== 'number' || claims.exp <= now() || claims.exp > now() + LIMITS.assertionSeconds) return null;
  if (claims.iat !== undefined && (claims.iat > now() + 5 || claims.exp - claims.iat > LIMITS.assertionSeconds)) return null;
  if (!claims.jti || world.assertions.has(`${claims.iss} ${claims.jti}`)) return null;
  if (!signedBy(jwt, client)) return null;
  world.assertions.add(`${claims.iss} ${claims.jti}`);
  client.assertions.push({ alg: jwt.header.alg, aud: claims.aud, lifetime: claims.exp - (claims.iat ?? now()) });
  return client;
}

function issueToken(world, fields) {
  const value = b64url(Buffer.from(randomUUID() + randomUUID()));
  world.tokens.set(value, { value, ...fields });
  return value;
}

function tokenEndpoint(world, req, res, body, issuer) {
  const form = new URLSearchParams(body.toString());
  world.requests.push({ method: 'POST', path: '/token', grant: form.get('grant_type'), scope: form.get('scope') });
  const client = authenticatedClient(world, form, `${issuer}/token`, issuer);
  if (!client) return oauthError(res, 401, 'invalid_client', 'Client authentication failed');
  const grant = form.get('grant_type');
  if (grant === 'client_credentials') {
    const asked = (form.get('scope') ?? '').split(' ').filter(Boolean);
    if (!asked.length || asked.some((s) => !client.scopes.includes(s))) return oauthError(res, 400, 'invalid_scope', 'scope: required, and only the client\'s');
    client.tokenRequests += 1;
    const token = issueToken(world, { clientId: client.clientId, scopes: asked, expires: now() + world.tokenLifetime });
    return res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: world.tokenLifetime, scope: asked.join(' ') }));
  }
  if (grant === 'authorization_code') {
    const code = world.codes.get(form.get('code') ?? '');
    world.codes.delete(form.get('code') ?? '');
    if (!code || code.clientId !== client.clientId || code.expires <= now() || code.redirectUri !== form.get('redirect_uri'))
      return oauthError(res, 400, 'invalid_grant', 'The code is unknown, used, expired or not this client\'s');
    if (code.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (b64url(createHash('sha256').update(verifier).digest()) !== code.challenge)
        return oauthError(res, 400, 'invalid_grant', 'code_verifier does not match');
    }
    const token = issueToken(world, {
      clientId: client.clientId, scopes: code.scopes, expires: now() + LIMITS.accessTokenSeconds, msisdn: code.msisdn, amr: 'network',
    });
    const idToken = signJwt({
      iss: issuer, sub: createHash('sha256').update(`${client.clientId}|${code.msisdn}`).digest('hex').slice(0, 32),
      aud: client.clientId, exp: now() + LIMITS.accessTokenSeconds, iat: now(), auth_time: now(), nonce: code.nonce, amr: ['nbt'],
    }, world.signingKey.privateKey, world.kid);
    return res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({
      access_token: token, token_type: 'Bearer', expires_in: LIMITS.accessTokenSeconds, scope: code.scopes.join(' '), id_token: idToken,
    }));
  }
  return oauthError(res, 400, 'unsupported_grant_type', 'authorization_code or client_credentials');
}

// The operator's authorization endpoint: with prompt=none it answers at once, from the device's mobile connection
// (connect(), or the x-test-network-msisdn header of a test's request); off the mobile network (Wi-Fi) it cannot
// recognise the subscriber and answers login_required, as OpenID Connect says for prompt=none.
function authorize(world, req, res, url) {
  const q = url.searchParams;
  const client = world.clients.get(q.get('client_id') ?? '');
  const redirectUri = q.get('redirect_uri') ?? '';
  world.requests.push({ method: 'GET', path: '/authorize', query: Object.fromEntries(q) });
  if (!client || !client.redirectUris.includes(redirectUri))
    return res.writeHead(400, { 'content-type': 'text/plain' }).end('unknown client or redirect_uri');
  const back = (params) => {
    const target = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) target.searchParams.set(k, v);
    if (q.get('state') !== null) target.searchParams.set('state', q.get('state'));
    res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' }).end();
  };
  const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
  if (q.get('response_type') !== 'code') return back({ error: 'unsupported_response_type' });
  if (!scopes.includes('openid') || scopes.some((s) => s !== 'openid' && !client.scopes.includes(s))) return back({ error: 'invalid_scope' });
  if (q.get('code_challenge') && q.get('code_challenge_method') !== 'S256') return back({ error: 'invalid_request', error_description: 'S256 only' });
  const msisdn = req.headers['x-test-network-msisdn'] ?? world.connection;
  if (!msisdn) return back({ error: 'login_required', error_description: 'The device is not on the mobile network' });
  const code = b64url(Buffer.from(randomUUID()));
  world.codes.set(code, {
    clientId: client.clientId, redirectUri, msisdn, nonce: q.get('nonce') ?? undefined, scopes: scopes.filter((s) => s !== 'openid'),
    challenge: q.get('code_challenge'), expires: now() + LIMITS.codeSeconds,
  });
  return back({ code });
}

// ---------------------------------------------------------------------------------------------------------------
// The servers

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const XCORRELATOR = /^[a-zA-Z0-9-_:;./<>{}]{0,256}$/;

async function api(world, req, res, body) {
  const url = new URL(req.url, 'http://camara.test');
  const correlator = req.headers['x-correlator'];
  const headers = { 'content-type': 'application/json' };
  if (typeof correlator === 'string' && XCORRELATOR.test(correlator)) headers['x-correlator'] = correlator;
  const answer = (status, payload, extra = {}) => {
    const out = { ...headers, ...extra };
    if (payload === null) delete out['content-type'];
    res.writeHead(status, out).end(payload === null ? undefined : JSON.stringify(payload));
  };
  const record = { method: req.method, path: url.pathname, query: url.search, correlator, body: null, status: 0 };
  world.requests.push(record);
  try {
    if (req.headers[FRONT_HEADER] !== world.frontToken) {
      world.violations.push(`${req.method} ${url.pathname}: called on directBase; the API is at apiRoot (through Prism)`);
      throw new CamaraError(403, 'PERMISSION_DENIED', 'Call the CAMARA test server at apiRoot, through Prism.');
    }
    const route = ROUTES.find(([method, pattern]) => method === req.method && pattern.test(url.pathname));
    if (!route) throw notFound(`No operation ${req.method} ${url.pathname}`);
    if (correlator !== undefined && !XCORRELATOR.test(correlator)) throw invalidArgument('x-correlator: does not comply with its schema');
    const token = bearer(world, req, scopesOf(route[2]));
    let parsed;
    if (req.method === 'POST') {
      if (body.length) {
        try {
          parsed = JSON.parse(body.toString());
        } catch {
          throw invalidArgument('The request body is not JSON.');
        }
      }
      record.body = parsed ?? null;
      sinkRefusal(parsed);
      const schema = BODY_SCHEMAS[route[2]];
      const found = bodyProblems(schema, parsed);
      if (found.length) {
        world.refused.push(`${route[2]}: ${found.join('; ')}`);
        throw invalidArgument(`Client specified an invalid argument, request body or query param: ${found[0]}`);
      }
    }
    const [status, payload, extra] = route[3](world, { token, body: parsed ?? {}, params: route[1].exec(url.pathname).groups ?? {}, url });
    record.status = status;
    answer(status, payload, extra);
  } catch (e) {
    if (!(e instanceof CamaraError)) throw e;
    record.status = e.status;
    record.code = e.code;
    answer(e.status, { status: e.status, code: e.code, message: e.message });
  }
  const queued = world.queue.splice(0);
  if (queued.length) world.settle((async () => { for (const d of queued) await deliver(world, d); })());
}

// A sink or its credential the operator cannot use: CAMARA's own codes, before the schema's INVALID_ARGUMENT.
function sinkRefusal(body) {
  if (!body || typeof body !== 'object') return;
  if (body.sink !== undefined && !(typeof body.sink === 'string' && /^https:\/\/[^/\s]+/.test(body.sink)))
    throw new CamaraError(400, 'INVALID_SINK', 'sink not valid for the specified protocol');
  const credential = body.sinkCredential;
  if (credential === undefined) return;
  if (!credential || credential.credentialType !== 'ACCESSTOKEN')
    throw new CamaraError(400, 'INVALID_CREDENTIAL', 'Only Access token is supported');
  if (credential.accessTokenType !== 'bearer') throw new CamaraError(400, 'INVALID_TOKEN', 'Only bearer token is supported');
}

function directServer(world) {
  const server = http.createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const url = new URL(req.url, 'http://camara.test');
      const issuer = world.issuer;
      if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration')
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(discovery(issuer)));
      if (req.method === 'GET' && url.pathname === '/jwks') {
        const jwk = world.signingKey.publicKey.export({ format: 'jwk' });
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [{ ...jwk, kid: world.kid, use: 'sig', alg: 'RS256' }] }));
      }
      if (req.method === 'GET' && url.pathname === '/authorize') return authorize(world, req, res, url);
      if (req.method === 'POST' && url.pathname === '/token') return tokenEndpoint(world, req, res, body, issuer);
      await api(world, req, res, body);
    } catch (e) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e.stack ?? e));
    }
  });
  server.keepAliveTimeout = 0;
  server.requestTimeout = 0;
  return server;
}

function noteViolations(world, call, status, header) {
  if (!header) return;
  let found;
  try {
    found = JSON.parse(header);
  } catch {
    world.violations.push(`${call}: unreadable sl-violations header ${header}`);
    return;
  }
  for (const v of found) {
    if (String(v.severity).toLowerCase() !== 'error') continue;
    const where = Array.isArray(v.location) ? v.location : [];
    const text = `${call}: ${where.join('.')} ${v.message}`;
    if (where[0] === 'response') world.violations.push(text);
    else if (status < 400) world.violations.push(text);  // a request the contract refuses, and the server took
    else world.refused.push(text);
  }
}

const NOT_PASSED_ON = ['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length', 'sl-violations'];

// apiRoot: the CAMARA APIs through Prism (its verdicts noted), OpenID Connect straight to the server.
function frontServer(world, prismBase) {
  return http.createServer(async (req, res) => {
    const path = new URL(req.url, 'http://camara.test').pathname;
    const call = `${req.method} ${path}`;
    const viaPrism = API_PREFIXES.some((prefix) => path.startsWith(`${prefix}/`));
    try {
      const body = await readBody(req);
      const headers = { ...req.headers, [FRONT_HEADER]: world.frontToken };
      for (const name of ['host', 'connection', 'content-length', 'transfer-encoding']) delete headers[name];
      const withBody = !['GET', 'HEAD'].includes(req.method);
      const up = await fetch(`${viaPrism ? prismBase : world.directBase}${req.url}`, {
        method: req.method, headers, body: withBody ? body : undefined, redirect: 'manual',
      });
      const answer = Buffer.from(await up.arrayBuffer());
      if (viaPrism) {
        noteViolations(world, call, up.status, up.headers.get('sl-violations'));
        if (/problem\+json/.test(up.headers.get('content-type') ?? '') && answer.toString().includes('stoplight.io/prism/errors'))
          world.violations.push(`${call}: Prism answered itself: ${answer.toString().slice(0, 300)}`);
      }
      const out = {};
      for (const [name, value] of up.headers) if (!NOT_PASSED_ON.includes(name)) out[name] = value;
      res.writeHead(up.status, out).end(answer);
    } catch (e) {
      world.violations.push(`${call}: ${e.message}`);
      res.writeHead(502, { 'content-type': 'text/plain' }).end(String(e));
    }
  });
}

const connects = (port) => new Promise((ok) => {
  const socket = net.connect(port, '127.0.0.1', () => socket.end(() => ok(true)));
  socket.on('error', () => ok(false));
});

function spawnPrism(contractFile, upstream, port) {
  const args = ['proxy', contractFile, upstream, '--port', String(port), '--host', '127.0.0.1', '--cors=false', '--errors=false',
    '--verboseLevel', 'warn'];
  const child = spawn(PRISM, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => { log += chunk; });
  child.stderr.on('data', (chunk) => { log += chunk; });
  const exited = new Promise((ok) => child.once('exit', ok));
  const ready = (async () => {
    const deadline = Date.now() + 120_000;
    while (!(await connects(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill();
        throw new Error(`prism did not start:\n${log}`);
      }
      await sleep(100);
    }
  })();
  return { base: `http://127.0.0.1:${port}`, ready, async stop() { child.kill(); await exited; } };
}

const listen = (server) => new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${server.address().port}`)));

export async function startCamara() {
  clockOffset = 0;
  const world = newWorld();
  world.queue = [];
  const pending = new Set();
  world.settle = (promise) => {
    pending.add(promise);
    promise.finally(() => pending.delete(promise));
  };
  const direct = directServer(world);
  world.directBase = await listen(direct);
  const prism = spawnPrism(camaraContract(), world.directBase, await freePort());
  try {
    await prism.ready;
  } catch (e) {
    direct.close();
    throw e;
  }
  const front = frontServer(world, prism.base);
  const apiRoot = await listen(front);
  world.issuer = apiRoot;
  const flush = async () => {
    const queued = world.queue.splice(0);
    for (const d of queued) await deliver(world, d);
  };

  return {
    apiRoot,
    issuer: apiRoot,
    directBase: world.directBase,
    violations: world.violations,
    refused: world.refused,
    requests: world.requests,
    sms: world.sms,
    notifications: world.notifications,
    held: world.held,
    limits: LIMITS,

    // A client of the operator (one per tenant): { clientId, clientSecret, auth, tokenRequests() }. private_key_jwt
    // hands the client its private key (PEM) as its secret and registers the public key; client_secret_jwt a secret.
    client({ auth = 'private_key_jwt', redirectUris = [], scopes = ALL_SCOPES, key = 'rsa' } = {}) {
      const clientId = `client-${randomUUID()}`;
      const client = { clientId, auth, redirectUris: [...redirectUris], scopes: [...scopes], tokenRequests: 0, assertions: [] };
      let clientSecret;
      if (auth === 'client_secret_jwt') {
        clientSecret = b64url(Buffer.from(randomUUID() + randomUUID()));
        client.secret = clientSecret;
      } else {
        const pair = key === 'ec' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
        clientSecret = pair.privateKey.export({ format: 'pem', type: 'pkcs8' });
        client.publicKey = pair.publicKey;
      }
      world.clients.set(clientId, client);
      return {
        clientId, clientSecret, auth,
        tokenRequests: () => client.tokenRequests,
        assertions: client.assertions,
        allowRedirect: (uri) => client.redirectUris.push(uri),
      };
    },

    // A subscriber line's behaviour (see lineOf).
    line(msisdn, props) {
      world.lines.set(msisdn, { ...(world.lines.get(msisdn) ?? {}), ...props });
    },
    // The device's mobile connection as /authorize sees it: a phone number, or null (Wi-Fi: not recognised).
    connect(msisdn) {
      world.connection = msisdn;
    },
    // 'sync' (payments succeed when made or confirmed) or 'async' (processing until complete()/deny()).
    set mode(mode) { world.mode = mode; },
    // 'validate' (preparePayment asks for the code it sends by SMS) or 'none' (reserved at once).
    set validation(v) { world.validation = v; },
    // 'sync' (refunds succeed at once) or 'async' (processing until completeRefunds()/denyRefunds()).
    set refundMode(mode) { world.refundMode = mode; },
    set tokenLifetime(seconds) { world.tokenLifetime = seconds; },
    // Notifications kept in `held` instead of sent, for deliver() in the test's order (true), or sent (false).
    set hold(on) { world.hold = on; },
    // The code of the last SMS to `msisdn`.
    lastCode(msisdn) {
      return [...world.sms].reverse().find((s) => s.to === msisdn)?.code ?? null;
    },
    // A token as the operator would issue it, for the tests of the operator itself: { scopes, msisdn, expiresIn, amr }.
    token({ clientId, scopes = ALL_SCOPES, msisdn, expiresIn = 300, amr = msisdn ? 'network' : undefined } = {}) {
      return issueToken(world, { clientId, scopes, msisdn, amr, expires: now() + expiresIn });
    },
    payment(id) {
      const p = world.payments.get(id);
      return p && renderPayment(p);
    },
    payments() {
      return [...world.payments.values()].map(renderPayment);
    },
    refunds() {
      return [...world.refunds.values()].map((r) => ({ ...renderRefund(r), paymentId: r.paymentId }));
    },
    // A sink's origin as the portal names it (https, its public origin) and where that really is in the test.
    forward(origin, base) {
      world.forwards.set(origin, base);
    },
    // Async payments settle: every processing payment (or the one named) succeeds, or is denied.
    async complete(paymentId) {
      for (const p of world.payments.values()) if (p.paymentStatus === 'processing' && (!paymentId || p.paymentId === paymentId)) complete(world, p);
      await flush();
    },
    async deny(paymentId, reason = 'Insufficient balance') {
      for (const p of world.payments.values()) if (p.paymentStatus === 'processing' && (!paymentId || p.paymentId === paymentId)) deny(world, p, reason);
      await flush();
    },
    async completeRefunds() {
      for (const r of world.refunds.values()) {
        if (r.refundStatus !== 'processing') continue;
        r.refundStatus = 'succeeded';
        r.refundDate = iso();
        notify(world, r, 'cbr', 'org.camaraproject.carrier-billing-refund.v0.refund-completed',
          { paymentId: r.paymentId, refundId: r.refundId, status: 'succeeded', description: 'Refund completed', refundDate: r.refundDate });
      }
      await flush();
    },
    async denyRefunds() {
      for (const r of world.refunds.values()) {
        if (r.refundStatus !== 'processing') continue;
        r.refundStatus = 'denied';
        notify(world, r, 'cbr', 'org.camaraproject.carrier-billing-refund.v0.refund-denied',
          { paymentId: r.paymentId, refundId: r.refundId, status: 'failed', description: 'Refund denied', denialReason: 'The line is closed' });
      }
      await flush();
    },
    // Sends one held (or made up) notification: { status, body }. withToken: false leaves the bearer out; body
    // replaces the event's bytes.
    deliver(delivery, options) {
      return deliver(world, delivery, options);
    },
    // Notifications about `subject` held so far (its paymentId or refundId in the event's data).
    heldFor(id) {
      return world.held.filter((d) => d.event.data.paymentId === id || d.event.data.refundId === id);
    },
    // Moves the operator's clock on, as the test moves the portal's (reservations, codes, tokens).
    advance(seconds) {
      clockOffset += seconds;
    },
    now: () => iso(),
    // Resolves when every notification sent so far has reached its sink.
    async delivered() {
      await flush();
      while (pending.size) await Promise.all([...pending]);
    },
    async stop() {
      for (const server of [front, direct]) server.closeAllConnections();
      await new Promise((ok) => front.close(ok));
      await prism.stop();
      await new Promise((ok) => direct.close(ok));
    },
  };
}
