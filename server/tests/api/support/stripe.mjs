// A Stripe for the tests, in this process: the part of Stripe's API the portal uses (customers, Checkout Sessions
// in payment mode, PaymentIntents charged off-session with a saved card, refunds, disputes), Checkout's hosted
// payment page, and webhooks. It answers as Stripe does (API version 2020-08-27: form bodies in bracket notation,
// JSON answers, secret keys, idempotency keys, Stripe's errors and test cards), and every call goes through
// Stoplight Prism's proxy, which checks the call and the answer against Stripe's own published OpenAPI document
// (support/stripe-contract.mjs). Webhook events are signed with Stripe's library (the `stripe` npm package), so
// that the portal's check of the Stripe-Signature header meets the real scheme.
//
//   the portal ──> apiBase (front: reads Prism's verdicts) ──> Prism ──> directBase (this server: API + pages)
//   a browser  ──> directBase/pay/:session (what checkout.stripe.com would show)
//
// The front is what sees Prism's verdict on each call (its `sl-violations` answer header); the server refuses an
// API call that did not come through it (a portal configured with directBase would bypass the contract).
// Prism cannot read Stripe's form bodies (its deepObject reader builds an object for every absent nested
// parameter and expects arrays of objects as JSON), so the server checks each request body itself against the
// same document with Prism's own validator, after decoding it as Stripe does, and refuses one outside the
// contract with Stripe's 400 (unknown parameter, missing parameter, invalid value) — as Stripe would.
//
// const stripe = await startStripe();  stripe.account({ webhookUrl }) -> keys for one tenant;  stripe.violations
// and stripe.requests for the assertions;  stripe.stop().
import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stripeContract } from './stripe-contract.mjs';
import { freePort } from './smtp.mjs';

// The client's node_modules hold the test tools (web/package.json devDependencies): Stripe's library, and Prism
// (its validator is a module of @stoplight/prism-http, which @stoplight/prism-cli brings).
const require = createRequire(resolve(import.meta.dirname, '../../../../web/package.json'));
const PRISM = resolve(import.meta.dirname, '../../../../web/node_modules/.bin/prism');

const API_VERSION = '2020-08-27';

// The operations the server implements, as Stripe's document names them: the contract Prism is given.
const OPERATIONS = {
  '/v1/customers': ['post'],
  '/v1/checkout/sessions': ['post', 'get'],
  '/v1/checkout/sessions/{session}': ['get'],
  '/v1/checkout/sessions/{session}/expire': ['post'],
  '/v1/payment_intents': ['post'],
  '/v1/payment_intents/{intent}': ['get'],
  '/v1/payment_methods/{payment_method}': ['get'],
  '/v1/charges/{charge}': ['get'],
  '/v1/refunds': ['post', 'get'],
  '/v1/refunds/{refund}': ['get'],
  '/v1/disputes/{dispute}': ['get'],
};

// Stripe's test card numbers (stripe.com/docs/testing), each behaving here as it does in Stripe's test mode.
export const STRIPE_CARDS = {
  succeeds: '4242424242424242',
  // 3D Secure for one-time payments; once saved for off-session use, off-session charges need no authentication.
  authenticateUnlessSaved: '4000002500003155',
  // 3D Secure on every payment, however it was saved: an off-session charge fails with authentication_required.
  authenticateAlways: '4000002760003184',
  insufficientFunds: '4000000000009995',
  declined: '4000000000000002',
  // The charge succeeds; a refund of it succeeds at first, then fails (expired_or_canceled_card).
  refundFails: '4000000000005126',
  // The charge succeeds; a refund of it stays pending until Stripe settles it (the test's completeRefunds()).
  refundPending: '4000000000007726',
};

const CARD_LABELS = {
  [STRIPE_CARDS.succeeds]: 'Succeeds',
  [STRIPE_CARDS.authenticateUnlessSaved]: 'Asks for 3D Secure unless saved for later (this page authenticates it)',
  [STRIPE_CARDS.authenticateAlways]: 'Always asks for 3D Secure (this page authenticates it)',
  [STRIPE_CARDS.insufficientFunds]: 'Declined: insufficient funds',
  [STRIPE_CARDS.declined]: 'Declined',
  [STRIPE_CARDS.refundFails]: 'Succeeds; its refunds fail',
  [STRIPE_CARDS.refundPending]: 'Succeeds; its refunds stay pending a while',
};

// Stripe's card errors: the declines of cards whose charges fail, and an off-session charge that needed 3D Secure.
const DECLINES = {
  [STRIPE_CARDS.insufficientFunds]: {
    code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.',
  },
  [STRIPE_CARDS.declined]: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
};
const AUTHENTICATION_REQUIRED = {
  code: 'authentication_required', declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

// Stripe's smallest charge per currency (stripe.com/docs/currencies#minimum-and-maximum-charge-amounts), in the
// currency's smallest unit; currencies left out are not checked.
const MINIMUM_AMOUNTS = { usd: 50, eur: 50, gbp: 30, aed: 200, aud: 50, cad: 50, chf: 50, jpy: 50, sgd: 50 };
// Currencies whose amounts Stripe counts in whole units, and in thousandths (stripe.com/docs/currencies).
const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

// The header by which the server knows a call came through the front (and so through Prism).
const FRONT_HEADER = 'x-stripe-test-front';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const token = (length) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const newId = (prefix, length = 24) => `${prefix}_${token(length)}`;
// Stripe's time, which a test moves with the portal's --dev-clock (advance()): one Stripe per test process.
let clockOffset = 0;
const now = () => Math.floor(Date.now() / 1000) + clockOffset;
const clone = (value) => structuredClone(value);

// ---------------------------------------------------------------------------------------------------------------
// Requests as Stripe reads them

// `a[b][0][c]=v&a[d][]=w` as { a: { b: [{ c: 'v' }], d: ['w'] } }: Stripe's bracket notation (values stay strings).
function decodeForm(text) {
  const form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [, head, tail] = /^([^[]*)(.*)$/.exec(key);
    const path = [head, ...[...tail.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1])];
    if (path.some((name) => ['__proto__', 'constructor', 'prototype'].includes(name))) continue;
    let node = form;
    path.forEach((name, i) => {
      const slot = name === '' && Array.isArray(node) ? node.length : name;
      if (i === path.length - 1) {
        node[slot] = value;
      } else {
        if (typeof node[slot] !== 'object') node[slot] = /^\d*$/.test(path[i + 1]) ? [] : {};
        node = node[slot];
      }
    });
  }
  return form;
}

// A Stripe error answer: { error: { type, message, code?, param?, ... } } with its HTTP status.
class StripeError extends Error {
  constructor(status, error) {
    super(error.message);
    this.status = status;
    this.error = Object.fromEntries(Object.entries(error).filter(([, value]) => value !== undefined));
  }
}

const invalid = (message, param, code) => new StripeError(400, { type: 'invalid_request_error', code, message, param });
const missing = (param) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
const noSuch = (noun, id, param) =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${noun}: '${id}'`, param });

const bracketed = ([head, ...rest]) => `${head}${rest.map((name) => `[${name}]`).join('')}`;

// Prism's own check of a request body (the validator its proxy runs on one, with the same type coercion of form
// values): its diagnostics, or [] when the body keeps to the schema.
function bodyDiagnostics(schema, body) {
  const { validateAgainstSchema } = require('@stoplight/prism-http/dist/validator/validators/utils');
  const { ValidationContext } = require('@stoplight/prism-http/dist/validator/validators/types');
  const found = validateAgainstSchema(clone(body), schema, true, ValidationContext.Input, 'body');
  return found._tag === 'Some' ? found.value : [];
}

// A request body decoded as Stripe decodes it, checked by Prism's validator: Stripe's 400 for the first thing
// outside the contract, or null. Prism's messages carry the property name its diagnostics leave out.
function contractRefusal(schema, form) {
  const found = bodyDiagnostics(schema, form);
  if (found.length === 0) return null;
  const [{ path, code, message }] = found;
  const where = path.slice(1);
  if (code === 'required') return missing(bracketed([...where, /required property '([^']+)'/.exec(message)[1]]));
  if (code === 'additionalProperties') {
    const param = bracketed([...where, /found '([^']+)'/.exec(message)[1]]);
    return invalid(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
  }
  const value = where.reduce((node, name) => node?.[name], form);
  if (code === 'type' && /integer/.test(message))
    return invalid(`Invalid integer: ${value}`, bracketed(where), 'parameter_invalid_integer');
  return invalid(`Invalid ${bracketed(where)}: ${message.replace(/^Request body (property|parameter) \S+ /, '')}`, bracketed(where));
}

// The request body schema of each operation of the contract, by 'POST /v1/refunds'. Each must compile: Prism's
// validator passes anything when its schema does not (so null, which none allows, must fail).
function requestSchemas(contractFile) {
  const document = JSON.parse(readFileSync(contractFile, 'utf8'));
  const schemas = new Map();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const schema = operation.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
      if (!schema) continue;
      if (bodyDiagnostics(schema, null).length === 0)
        throw new Error(`Prism's validator cannot compile the body schema of ${method.toUpperCase()} ${path}`);
      schemas.set(`${method.toUpperCase()} ${path}`, schema);
    }
  }
  return schemas;
}

// ---------------------------------------------------------------------------------------------------------------
// Stripe's objects, as API version 2020-08-27 answers them (every field, null where Stripe has nothing)

const list = (url, data) => ({ object: 'list', data, has_more: false, total_count: data.length, url });
const noAddress = () => ({ city: null, country: null, line1: null, line2: null, postal_code: null, state: null });

function cardBrand(number) {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (number.startsWith('6')) return 'discover';
  return 'unknown';
}

// A card number Stripe would take: digits whose Luhn checksum holds.
function luhnValid(number) {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  [...number].reverse().forEach((digit, i) => {
    const d = Number(digit) * (i % 2 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  });
  return sum % 10 === 0;
}

function newCustomer({ email = null, name = null, description = null, phone = null, metadata = {} }) {
  return {
    id: newId('cus', 14), object: 'customer', address: null, balance: 0, created: now(), currency: null,
    default_source: null, delinquent: false, description, discount: null, email,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
    livemode: false, metadata, name, next_invoice_sequence: 1, phone, preferred_locales: [], shipping: null,
    tax_exempt: 'none', test_clock: null,
  };
}

function newPaymentMethod(number, email) {
  const brand = cardBrand(number);
  return {
    id: newId('pm'), object: 'payment_method',
    billing_details: { address: noAddress(), email, name: null, phone: null },
    card: {
      brand, checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' }, country: 'US',
      exp_month: 12, exp_year: new Date().getUTCFullYear() + 3,
      fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16), funding: 'credit',
      generated_from: null, last4: number.slice(-4), networks: { available: [brand], preferred: null },
      three_d_secure_usage: { supported: true }, wallet: null,
    },
    created: now(), customer: null, livemode: false, metadata: {}, type: 'card',
  };
}

function newPaymentIntent({ amount, currency, customer = null, description = null, metadata = {}, setupFutureUsage = null }) {
  const id = newId('pi');
  return {
    id, object: 'payment_intent', amount, amount_capturable: 0, amount_received: 0, application: null,
    application_fee_amount: null, automatic_payment_methods: null, canceled_at: null, cancellation_reason: null,
    capture_method: 'automatic', client_secret: `${id}_secret_${token(25)}`, confirmation_method: 'automatic',
    created: now(), currency, customer, description, invoice: null, last_payment_error: null, livemode: false,
    metadata, next_action: null, on_behalf_of: null, payment_method: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'], processing: null, receipt_email: null, review: null,
    setup_future_usage: setupFutureUsage, shipping: null, statement_descriptor: null, statement_descriptor_suffix: null,
    status: 'requires_payment_method', transfer_data: null, transfer_group: null,
  };
}

function chargeOutcome(decline) {
  if (!decline) {
    return {
      network_status: 'approved_by_network', reason: null, risk_level: 'normal', risk_score: 20,
      seller_message: 'Payment complete.', type: 'authorized',
    };
  }
  const seller = decline.declineCode === 'generic_decline'
    ? 'The bank did not return any further details with this decline.'
    : `The bank returned the decline code \`${decline.declineCode}\`.`;
  return {
    network_status: 'declined_by_network', reason: decline.declineCode, risk_level: 'normal', risk_score: 20,
    seller_message: seller, type: 'issuer_declined',
  };
}

function newCharge(intent, paymentMethod, decline) {
  const paid = !decline;
  const { card } = paymentMethod;
  return {
    id: newId('ch'), object: 'charge', amount: intent.amount, amount_captured: paid ? intent.amount : 0, amount_refunded: 0,
    application: null, application_fee: null, application_fee_amount: null, balance_transaction: paid ? newId('txn') : null,
    billing_details: clone(paymentMethod.billing_details), calculated_statement_descriptor: 'PORTAL TEST', captured: paid,
    created: now(), currency: intent.currency, customer: intent.customer, description: intent.description, disputed: false,
    failure_balance_transaction: null, failure_code: decline?.code ?? null, failure_message: decline?.message ?? null,
    fraud_details: {}, invoice: null, livemode: false, metadata: clone(intent.metadata), on_behalf_of: null, order: null,
    outcome: chargeOutcome(decline), paid, payment_intent: intent.id, payment_method: paymentMethod.id,
    payment_method_details: {
      card: {
        brand: card.brand, checks: clone(card.checks), country: card.country, exp_month: card.exp_month, exp_year: card.exp_year,
        fingerprint: card.fingerprint, funding: card.funding, installments: null, last4: card.last4, mandate: null,
        network: card.brand, three_d_secure: null, wallet: null,
      },
      type: 'card',
    },
    receipt_email: null, receipt_number: null, receipt_url: null, refunded: false, review: null, shipping: null,
    source_transfer: null, statement_descriptor: null, statement_descriptor_suffix: null, status: paid ? 'succeeded' : 'failed',
    transfer_data: null, transfer_group: null,
  };
}

function newRefund(charge, amount, { reason = null, metadata = {} }) {
  return {
    id: newId('re'), object: 'refund', amount, balance_transaction: newId('txn'), charge: charge.id, created: now(),
    currency: charge.currency, metadata, payment_intent: charge.payment_intent, reason, receipt_number: null,
    source_transfer_reversal: null, status: 'succeeded', transfer_reversal: null,
  };
}

function newDispute(charge, reason) {
  const evidence = Object.fromEntries([
    'access_activity_log', 'billing_address', 'cancellation_policy', 'cancellation_policy_disclosure', 'cancellation_rebuttal',
    'customer_communication', 'customer_email_address', 'customer_name', 'customer_purchase_ip', 'customer_signature',
    'duplicate_charge_documentation', 'duplicate_charge_explanation', 'duplicate_charge_id', 'product_description', 'receipt',
    'refund_policy', 'refund_policy_disclosure', 'refund_refusal_explanation', 'service_date', 'service_documentation',
    'shipping_address', 'shipping_carrier', 'shipping_date', 'shipping_documentation', 'shipping_tracking_number',
    'uncategorized_file', 'uncategorized_text',
  ].map((field) => [field, null]));
  return {
    id: newId('dp'), object: 'dispute', amount: charge.amount - charge.amount_refunded, balance_transactions: [],
    charge: charge.id, created: now(), currency: charge.currency, evidence,
    evidence_details: { due_by: now() + 7 * 86400, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false, livemode: false, metadata: {}, payment_intent: charge.payment_intent, reason, status: 'needs_response',
  };
}

// An object as the API answers it: a PaymentIntent with the list of its charges, a charge with its refunds.
function render(state, object) {
  const copy = clone(object);
  if (object.object === 'payment_intent') {
    const charges = childrenOf(state, 'charge', 'payment_intent', object.id).map((charge) => render(state, charge));
    copy.charges = list(`/v1/charges?payment_intent=${object.id}`, charges);
  }
  if (object.object === 'charge') copy.refunds = list(`/v1/charges/${object.id}/refunds`, childrenOf(state, 'refund', 'charge', object.id));
  return copy;
}

// The objects of a kind that point to a parent, newest first (as Stripe lists them).
const childrenOf = (state, kind, field, id) =>
  [...state.objects.values()].filter((object) => object.object === kind && object[field] === id).reverse().map(clone);

function store(state, object) {
  state.objects.set(object.id, object);
  return object;
}

function find(state, kind, id, param, noun = kind) {
  const object = state.objects.get(id);
  if (object?.object !== kind) throw noSuch(noun, id, param);
  return object;
}

// ---------------------------------------------------------------------------------------------------------------
// Parameters as Stripe checks them

function amountOf(text, param) {
  const amount = Number(text);
  if (!Number.isInteger(amount) || amount < 1) throw invalid(`Invalid positive integer: ${text}`, param, 'parameter_invalid_integer');
  return amount;
}

function formatAmount(amount, currency, locale = 'en') {
  const digits = ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount / 10 ** digits);
}

function checkMinimum(amount, currency, param) {
  const minimum = MINIMUM_AMOUNTS[currency];
  if (minimum && amount < minimum)
    throw invalid(`Amount must be at least ${formatAmount(minimum, currency)} ${currency}`, param, 'amount_too_small');
}

function checkMetadata(metadata = {}, param = 'metadata') {
  if (metadata === '') return {};
  const entries = Object.entries(metadata);
  if (entries.length > 50) throw invalid('You can specify up to 50 keys in metadata.', param);
  for (const [key, value] of entries) {
    if (key.length > 40) {
      throw invalid(`Metadata keys can have up to 40 characters, but you passed in a key that is ${key.length} characters. `
        + `Invalid key: ${key}`, `${param}[${key}]`);
    }
    if (value.length > 500) {
      throw invalid(`Metadata values can have up to 500 characters, but you passed in a value that is ${value.length} characters. `
        + `Invalid value: ${value}`, `${param}[${key}]`);
    }
  }
  return Object.fromEntries(entries.filter(([, value]) => value !== ''));
}

function checkUrl(url, param) {
  try {
    if (['http:', 'https:'].includes(new URL(url.replaceAll('{CHECKOUT_SESSION_ID}', 'x')).protocol)) return url;
  } catch {
    // refused below
  }
  throw invalid('Not a valid URL', param, 'url_invalid');
}

// ---------------------------------------------------------------------------------------------------------------
// Payments

// Whether charging this card needs the customer to authenticate (3D Secure), which an off-session charge cannot.
function needsAuthentication(card, offSession) {
  if (card.number === STRIPE_CARDS.authenticateAlways) return true;
  return card.number === STRIPE_CARDS.authenticateUnlessSaved && !(offSession && card.savedOffSession);
}

// Confirms a PaymentIntent with a card ({ authenticated }: the customer is there and passed 3D Secure, as on the
// Checkout page). Returns { charge } when it succeeded, { error } (Stripe's card_error) when it failed, or {} when
// it waits for the customer to authenticate.
function confirmIntent(state, intent, paymentMethod, { offSession = false, authenticated = false }) {
  const card = state.cards.get(paymentMethod.id);
  card.used = true;
  intent.payment_method = paymentMethod.id;
  if (!authenticated && needsAuthentication(card, offSession)) {
    if (!offSession) {
      const nextAction = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      Object.assign(intent, { status: 'requires_action', next_action: nextAction });
      return {};
    }
    return { error: failIntent(intent, paymentMethod, AUTHENTICATION_REQUIRED) };
  }
  const decline = DECLINES[card.number];
  const charge = store(state, newCharge(intent, paymentMethod, decline));
  if (decline) return { error: failIntent(intent, paymentMethod, { ...decline, charge }) };
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null, next_action: null });
  return { charge };
}

// A failed attempt as Stripe leaves it: the PaymentIntent back to requires_payment_method, the card error kept in
// last_payment_error (the PaymentIntent lets go of the payment method).
function failIntent(intent, paymentMethod, { code, declineCode, message, charge }) {
  const error = {
    charge: charge?.id, code, decline_code: declineCode, doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
    message, payment_method: clone(paymentMethod), type: 'card_error',
  };
  Object.keys(error).forEach((key) => error[key] === undefined && delete error[key]);
  Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, payment_method: null });
  return error;
}

function cardError(state, intent, error) {
  return new StripeError(402, { ...error, payment_intent: render(state, intent) });
}

function succeededCharge(state, intent) {
  return childrenOf(state, 'charge', 'payment_intent', intent.id).find((charge) => charge.status === 'succeeded');
}

// ---------------------------------------------------------------------------------------------------------------
// The API: one function per operation of OPERATIONS, given { state, form, params, emit, afterwards }

function createCustomer({ state, form }) {
  const { email, name, description, phone } = form;
  const customer = newCustomer({ email, name, description, phone, metadata: checkMetadata(form.metadata) });
  return render(state, store(state, customer));
}

function lineItems(form) {
  if (!Array.isArray(form.line_items) || form.line_items.length === 0) throw missing('line_items');
  return form.line_items.map((item, i) => {
    const at = (name) => `line_items[${i}][${name}]`;
    if (item.price) throw noSuch('price', item.price, at('price'));
    if (!item.price_data) throw missing(at('price_data'));
    if (item.price_data.product) throw noSuch('product', item.price_data.product, `${at('price_data')}[product]`);
    if (!item.price_data.product_data) throw missing(`${at('price_data')}[product_data]`);
    if (item.price_data.unit_amount === undefined) throw missing(`${at('price_data')}[unit_amount]`);
    if (item.quantity === undefined) throw missing(at('quantity'));
    return { currency: item.price_data.currency.toLowerCase(), amount: Number(item.price_data.unit_amount) * Number(item.quantity) };
  });
}

function checkoutExpiry(form) {
  if (form.expires_at === undefined) return now() + 24 * 3600;
  const at = Number(form.expires_at);
  if (at < now() + 3600 - 60 || at > now() + 24 * 3600)
    throw invalid('The `expires_at` timestamp must be between 1 and 24 hours from Checkout Session creation.', 'expires_at');
  return at;
}

function createCheckoutSession({ state, form, directBase }) {
  if (!form.mode) throw missing('mode');
  if (form.mode !== 'payment') throw invalid(`This test server implements Checkout in payment mode only, not ${form.mode}`, 'mode');
  if (form.customer && form.customer_email)
    throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer', 'parameters_exclusive');
  const customer = form.customer ? find(state, 'customer', form.customer, 'customer') : null;
  const items = lineItems(form);
  const currency = items[0].currency;
  if (items.some((item) => item.currency !== currency)) throw invalid('All line items must use the same currency.', 'line_items');
  const amount = items.reduce((sum, item) => sum + item.amount, 0);
  checkMinimum(amount, currency, 'line_items');
  const intentData = form.payment_intent_data ?? {};
  const intent = store(state, newPaymentIntent({
    amount, currency, customer: customer?.id ?? null, description: intentData.description ?? null,
    metadata: checkMetadata(intentData.metadata, 'payment_intent_data[metadata]'), setupFutureUsage: intentData.setup_future_usage ?? null,
  }));
  const id = `cs_test_${token(58)}`;
  const session = {
    id, object: 'checkout.session', after_expiration: null, allow_promotion_codes: null, amount_subtotal: amount,
    amount_total: amount, automatic_tax: { enabled: false, status: null }, billing_address_collection: null,
    cancel_url: checkUrl(form.cancel_url, 'cancel_url'), client_reference_id: form.client_reference_id ?? null, consent: null,
    consent_collection: null, currency, customer: customer?.id ?? null, customer_creation: form.customer_creation ?? null,
    customer_details: null, customer_email: form.customer_email ?? null, expires_at: checkoutExpiry(form), livemode: false,
    locale: form.locale ?? null, metadata: checkMetadata(form.metadata), mode: 'payment', payment_intent: intent.id,
    payment_link: null, payment_method_options: {}, payment_method_types: ['card'], payment_status: 'unpaid',
    phone_number_collection: { enabled: false }, recovered_from: null, setup_intent: null, shipping: null,
    shipping_address_collection: null, shipping_options: [], shipping_rate: null, status: 'open', submit_type: null,
    subscription: null, success_url: checkUrl(form.success_url, 'success_url'), tax_id_collection: { enabled: false },
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 }, url: `${directBase}/pay/${id}`,
  };
  return render(state, store(state, session));
}

function retrieve(kind, param, noun) {
  return ({ state, params }) => render(state, find(state, kind, params[param], param, noun));
}

// The account's Checkout Sessions, newest first (the portal asks for one to check a secret key on save).
function listCheckoutSessions({ state, form }) {
  const limit = form.limit === undefined ? 10 : Number(form.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid(`Invalid integer: ${form.limit}`, 'limit');
  const sessions = [...state.objects.values()].filter((o) => o.object === 'checkout.session').reverse();
  return { object: 'list', data: sessions.slice(0, limit).map((session) => render(state, session)),
    has_more: sessions.length > limit, url: '/v1/checkout/sessions' };
}

function expireCheckoutSession({ state, params, emit }) {
  const session = find(state, 'checkout.session', params.session, 'session', 'checkout session');
  if (session.status !== 'open')
    throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${session.status}".`);
  session.status = 'expired';
  Object.assign(state.objects.get(session.payment_intent), { status: 'canceled', canceled_at: now(), cancellation_reason: 'abandoned' });
  emit('checkout.session.expired', session);
  return render(state, session);
}

// The saved card an off-session PaymentIntent names, refused as Stripe refuses one that is not the customer's.
function savedPaymentMethod(state, form) {
  const paymentMethod = find(state, 'payment_method', form.payment_method, 'payment_method', 'PaymentMethod');
  if (paymentMethod.customer && paymentMethod.customer !== form.customer) {
    throw invalid(`The PaymentMethod provided (${paymentMethod.id}) belongs to the Customer ${paymentMethod.customer}. `
      + 'Please include the Customer in the `customer` parameter on the PaymentIntent.', 'payment_method');
  }
  if (!paymentMethod.customer && state.cards.get(paymentMethod.id).used) {
    throw invalid('The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a '
      + 'connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a '
      + 'PaymentMethod multiple times, you must attach it to a Customer first.', 'payment_method');
  }
  return paymentMethod;
}

function createPaymentIntent({ state, form, emit }) {
  const amount = amountOf(form.amount, 'amount');
  const currency = form.currency.toLowerCase();
  checkMinimum(amount, currency, 'amount');
  const customer = form.customer ? find(state, 'customer', form.customer, 'customer') : null;
  const confirm = form.confirm === 'true';
  const offSession = ['true', 'one_off', 'recurring'].includes(form.off_session);
  if (form.off_session !== undefined && !confirm) throw invalid('You may only specify `off_session` when `confirm=true`.', 'off_session');
  if (confirm && !form.payment_method) {
    throw invalid("You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent "
      + 'with a payment method and then confirm it again, or confirm it again directly with a payment method.', 'payment_method',
    'payment_intent_unexpected_state');
  }
  const paymentMethod = form.payment_method ? savedPaymentMethod(state, form) : null;
  const intent = store(state, newPaymentIntent({
    amount, currency, customer: customer?.id ?? null, description: form.description ?? null,
    metadata: checkMetadata(form.metadata), setupFutureUsage: form.setup_future_usage ?? null,
  }));
  if (!confirm) {
    if (paymentMethod) Object.assign(intent, { payment_method: paymentMethod.id, status: 'requires_confirmation' });
    return render(state, intent);
  }
  const { charge, error } = confirmIntent(state, intent, paymentMethod, { offSession });
  if (error) {
    emit('payment_intent.payment_failed', intent);
    throw cardError(state, intent, error);
  }
  if (charge) emit('payment_intent.succeeded', intent);
  else emit('payment_intent.requires_action', intent);
  return render(state, intent);
}

function refundedCharge(state, form) {
  if (form.charge) return find(state, 'charge', form.charge, 'charge');
  if (!form.payment_intent) throw invalid('One of `charge` or `payment_intent` is required.', undefined, 'parameter_missing');
  const intent = find(state, 'payment_intent', form.payment_intent, 'payment_intent');
  const charge = succeededCharge(state, intent);
  if (!charge) throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent');
  return state.objects.get(charge.id);
}

function createRefund({ state, form, emit, afterwards }) {
  const charge = refundedCharge(state, form);
  const left = charge.amount - charge.amount_refunded;
  if (charge.disputed) throw invalid(`Charge ${charge.id} has been charged back; it cannot be refunded.`, 'charge', 'charge_disputed');
  if (left === 0) throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
  const amount = form.amount === undefined ? left : amountOf(form.amount, 'amount');
  if (amount > left) {
    throw invalid(`Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge `
      + `(${formatAmount(left, charge.currency)})`, 'amount', 'amount_too_large');
  }
  const refund = store(state, newRefund(charge, amount, { reason: form.reason, metadata: checkMetadata(form.metadata) }));
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  const card = state.cards.get(charge.payment_method).number;
  // A pending refund is pending in the charge.refunded event too (the event renders the charge's refunds as they are).
  if (card === STRIPE_CARDS.refundPending) refund.status = 'pending';
  emit('charge.refunded', charge);
  if (card === STRIPE_CARDS.refundFails) afterwards(() => failRefund(state, refund, charge));
  return render(state, refund);
}

// The refunds of a PaymentIntent (or of the account), newest first.
function listRefunds({ state, form }) {
  const limit = form.limit === undefined ? 10 : Number(form.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid(`Invalid integer: ${form.limit}`, 'limit');
  const refunds = [...state.objects.values()]
    .filter((o) => o.object === 'refund' && (form.payment_intent === undefined || o.payment_intent === form.payment_intent))
    .reverse();
  return { object: 'list', data: refunds.slice(0, limit).map((refund) => render(state, refund)),
    has_more: refunds.length > limit, url: '/v1/refunds' };
}

// What Stripe does some time after a refund of the refundFails card: the refund fails, the money is the
// merchant's again, and charge.refund.updated tells it.
function failRefund(state, refund, charge) {
  Object.assign(refund, { status: 'failed', failure_reason: 'expired_or_canceled_card', failure_balance_transaction: newId('txn') });
  charge.amount_refunded -= refund.amount;
  charge.refunded = false;
  return [newEvent(state, 'charge.refund.updated', refund, { previous: { status: 'succeeded' } })];
}

const HANDLERS = {
  'POST /v1/customers': createCustomer,
  'POST /v1/checkout/sessions': createCheckoutSession,
  'GET /v1/checkout/sessions': listCheckoutSessions,
  'GET /v1/checkout/sessions/{session}': retrieve('checkout.session', 'session', 'checkout session'),
  'POST /v1/checkout/sessions/{session}/expire': expireCheckoutSession,
  'POST /v1/payment_intents': createPaymentIntent,
  'GET /v1/payment_intents/{intent}': retrieve('payment_intent', 'intent'),
  'GET /v1/payment_methods/{payment_method}': retrieve('payment_method', 'payment_method', 'PaymentMethod'),
  'GET /v1/charges/{charge}': retrieve('charge', 'charge'),
  'POST /v1/refunds': createRefund,
  'GET /v1/refunds': listRefunds,
  'GET /v1/refunds/{refund}': retrieve('refund', 'refund'),
  'GET /v1/disputes/{dispute}': retrieve('dispute', 'dispute'),
};

// [method, path pattern, operation name] for each operation: `/v1/refunds/{refund}` matches /v1/refunds/re_1.
const ROUTES = Object.entries(OPERATIONS).flatMap(([path, methods]) => methods.map((method) => {
  const pattern = new RegExp(`^${path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
  return [method.toUpperCase(), pattern, `${method.toUpperCase()} ${path}`];
}));

// ---------------------------------------------------------------------------------------------------------------
// Events and webhooks

// A Stripe event about `object` (as it is now), recorded in its account's events.
function newEvent(state, type, object, { request = null, previous } = {}) {
  const event = {
    id: newId('evt'), object: 'event', api_version: API_VERSION, created: now(),
    data: { object: render(state, object), ...(previous && { previous_attributes: previous }) },
    livemode: false, pending_webhooks: state.webhookUrl ? 1 : 0,
    request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null }, type,
  };
  state.account.events.push(event);
  state.world.eventAccounts.set(event.id, state);
  return event;
}

// POSTs one event to a webhook endpoint as Stripe does: the JSON signed at `at` with the endpoint's secret by
// Stripe's library (Stripe-Signature: t=...,v1=...). Never throws: what the endpoint answered, status 0 when
// nothing did, is the result, also kept in the account's deliveries.
async function deliver(state, event, { at = now(), url = state.webhookUrl } = {}) {
  const Stripe = require('stripe');
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: state.account.webhookSecret, timestamp: at });
  let result;
  try {
    const answer = await fetch(url, {
      method: 'POST', body: payload, signal: AbortSignal.timeout(10_000),
      headers: {
        'content-type': 'application/json; charset=utf-8', 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': signature,
      },
    });
    result = { status: answer.status, body: await answer.text() };
  } catch (e) {
    result = { status: 0, body: String(e.cause?.message ?? e.message) };
  }
  state.account.deliveries.push({ event: event.id, type: event.type, url, at, ...result });
  return result;
}

// Sends events in order to the account's endpoint, unless the account holds them (or has no endpoint).
async function sendAll(state, events) {
  if (state.hold || !state.webhookUrl) return;
  for (const event of events) await deliver(state, event);
}

// ---------------------------------------------------------------------------------------------------------------
// The hosted Checkout page

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The customer's email when Checkout has it already (given with the session, or its customer's), else null.
const knownEmail = (state, session) => session.customer_email ?? (session.customer && state.objects.get(session.customer).email);

// The page of an open session: the amount, the email unless Checkout knows it, the test cards, Pay, and the way
// back to cancel_url; after a failed attempt, its error, with the card and email the customer gave kept. A closed
// session's page says it is complete, or expired.
function checkoutPage(state, session, { error = null, chosen = STRIPE_CARDS.succeeds, typed = '' } = {}) {
  const lang = !session.locale || session.locale === 'auto' ? 'en' : session.locale;
  const email = knownEmail(state, session);
  const amount = formatAmount(session.amount_total, session.currency, lang);
  const head = `<!doctype html><html lang="${escapeHtml(lang)}" dir="auto"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(amount)} — Stripe test Checkout</title></head>`;
  if (session.status !== 'open') {
    const why = session.status === 'complete' ? 'This payment is complete.' : 'This payment page has expired.';
    return `${head}<body><main><h1>${why}</h1></main></body></html>`;
  }
  const cards = Object.entries(CARD_LABELS).map(([number, label]) => `<div>
<input type="radio" name="card" id="card-${number}" value="${number}"${number === chosen ? ' checked' : ''}>
<label for="card-${number}">${number.replace(/(\d{4})(?=\d)/g, '$1 ')} — ${escapeHtml(label)}</label></div>`).join('\n');
  const emailField = email
    ? `<p>Email: <span id="email">${escapeHtml(email)}</span></p>`
    : `<div><label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="email" required value="${escapeHtml(typed)}"></div>`;
  const alert = error ? `<p id="card-error" role="alert">${escapeHtml(error)}</p>` : '';
  return `${head}<body><main>
<h1>Pay ${escapeHtml(amount)}</h1>
<form method="post" action="/pay/${escapeHtml(session.id)}">
${emailField}
<fieldset${error ? ' aria-describedby="card-error"' : ''}><legend>Test card</legend>
${cards}
</fieldset>
${alert}
<button type="submit">Pay ${escapeHtml(amount)}</button>
</form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>
</main></body></html>`;
}

// Whether Checkout makes a Customer for this payment: in API version 2020-08-27 it does unless told
// customer_creation=if_required, and it must when the card is saved for later.
function createsCustomer(session, intent) {
  return !session.customer && (session.customer_creation !== 'if_required' || intent.setup_future_usage !== null);
}

// What Checkout does when the customer pays: [status, html or redirect] once the events are delivered.
async function payCheckout(state, session, number, email) {
  const intent = state.objects.get(session.payment_intent);
  const paymentMethod = store(state, newPaymentMethod(number, email));
  const card = { number, savedOffSession: false, used: false };
  state.cards.set(paymentMethod.id, card);
  const { charge, error } = confirmIntent(state, intent, paymentMethod, { authenticated: true });
  if (error) {
    await sendAll(state, [newEvent(state, 'payment_intent.payment_failed', intent)]);
    return [402, checkoutPage(state, session, { error: error.message, chosen: number, typed: email })];
  }
  const customer = session.customer ?? (createsCustomer(session, intent) ? store(state, newCustomer({ email })).id : null);
  intent.customer = charge.customer = customer;
  if (intent.setup_future_usage && customer) {
    paymentMethod.customer = customer;
    card.savedOffSession = intent.setup_future_usage === 'off_session';
  }
  Object.assign(session, {
    status: 'complete', payment_status: 'paid', customer,
    customer_details: { address: null, email, name: null, phone: null, tax_exempt: 'none', tax_ids: [] },
  });
  await sendAll(state, [newEvent(state, 'checkout.session.completed', session), newEvent(state, 'payment_intent.succeeded', intent)]);
  return [303, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id)];
}

async function hostedPage(world, req, res, body) {
  const id = decodeURIComponent(req.url.slice('/pay/'.length).split('?')[0]);
  const state = [...world.accounts.values()].find((account) => account.objects.get(id)?.object === 'checkout.session');
  const html = (status, page) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  if (!state) return html(404, '<!doctype html><html lang="en"><title>Not found</title><main><h1>No such payment page</h1></main></html>');
  const session = state.objects.get(id);
  if (req.method !== 'POST' || session.status !== 'open') return html(200, checkoutPage(state, session));
  const fields = new URLSearchParams(body.toString());
  const number = (fields.get('card') ?? '').replace(/\D/g, '');
  const email = knownEmail(state, session) ?? fields.get('email');
  if (!luhnValid(number)) return html(400, checkoutPage(state, session, { error: 'Your card number is invalid.', typed: email }));
  if (!email) return html(400, checkoutPage(state, session, { error: 'Your email is incomplete.', chosen: number }));
  const [status, answer] = await payCheckout(state, session, number, email);
  if (status === 303) res.writeHead(303, { location: answer }).end();
  else html(status, answer);
}

// What a browser does on the hosted page, for tests without one: chooses `card` and presses Pay. Returns where
// Checkout sends the customer (the success URL); throws with the page's message when the payment failed.
export async function payInCheckout(sessionUrl, card, { email = 'customer@example.com' } = {}) {
  const answer = await fetch(sessionUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ card, email }) });
  if (answer.status === 303) return answer.headers.get('location');
  const page = await answer.text();
  throw new Error(`Checkout did not take the payment (${answer.status}): ${/role="alert">([^<]*)/.exec(page)?.[1] ?? page}`);
}

// ---------------------------------------------------------------------------------------------------------------
// The server

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

// The account whose secret key the call carries (Bearer, or Basic with the key as user name), or null.
function authenticated(world, authorization = '') {
  const [scheme, credentials = ''] = authorization.split(' ');
  let key = '';
  if (/^bearer$/i.test(scheme)) key = credentials;
  if (/^basic$/i.test(scheme)) key = Buffer.from(credentials, 'base64').toString().split(':')[0];
  return { key, state: world.accounts.get(key) ?? null };
}

function unauthorized(key) {
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(key.length - 12, 0))}${key.slice(-4)}`
    : 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth '
      + "(e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
  return new StripeError(401, { type: 'invalid_request_error', message });
}

// Stripe's idempotency: a key names the first answer the account gave to it (when the call got as far as doing
// something: a 200, or a card's 402). The same key with the same parameters replays it; with others, 400.
function replay(state, key, fingerprint) {
  const saved = key && state.replies.get(key);
  if (!saved) return null;
  if (saved.fingerprint !== fingerprint) {
    throw new StripeError(400, {
      type: 'idempotency_error',
      message: 'Keys for idempotent requests can only be used with the same parameters they were first used with. '
        + `Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  return saved;
}

async function api(world, req, res, body) {
  const url = new URL(req.url, 'http://stripe.test');
  const requestId = newId('req', 14);
  const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] ?? null : null;
  const answer = (status, payload, headers = {}) => res
    .writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': API_VERSION, ...headers })
    .end(JSON.stringify(payload, null, 2));
  const { key, state } = authenticated(world, req.headers.authorization);
  const form = decodeForm(req.method === 'GET' ? url.search.slice(1) : body.toString());
  world.requests.push({ method: req.method, path: url.pathname, idempotencyKey, form, account: state?.account.id ?? null });
  const events = [];
  const later = [];
  try {
    if (req.headers[FRONT_HEADER] !== world.frontToken) {
      world.violations.push(`${req.method} ${url.pathname}: called on directBase; the API is at apiBase (through Prism)`);
      throw new StripeError(403, { type: 'invalid_request_error', message: 'Call the Stripe test server at apiBase, through Prism.' });
    }
    const route = ROUTES.find(([method, pattern]) => method === req.method && pattern.test(url.pathname));
    if (!route) {
      const message = `Unrecognized request URL (${req.method}: ${url.pathname}). `
        + 'Please see https://stripe.com/docs or we can help at https://support.stripe.com/.';
      throw new StripeError(404, { type: 'invalid_request_error', message });
    }
    if (!state) throw unauthorized(key);
    const refusal = req.method === 'POST' ? contractRefusal(world.requestSchemas.get(route[2]), form) : null;
    if (refusal) throw refusal;
    const fingerprint = JSON.stringify([route[2], url.pathname, form]);
    const saved = replay(state, idempotencyKey, fingerprint);
    if (saved) return answer(saved.status, saved.payload, { 'idempotent-replayed': 'true', 'original-request': saved.requestId });
    const request = { id: requestId, idempotencyKey };
    const context = {
      state, form, params: route[1].exec(url.pathname).groups ?? {}, directBase: world.directBase,
      emit: (type, object) => events.push(newEvent(state, type, object, { request })),
      afterwards: (step) => later.push(step),
    };
    let status = 200;
    let payload;
    try {
      payload = HANDLERS[route[2]](context);
    } catch (e) {
      if (!(e instanceof StripeError) || e.status !== 402) throw e;
      [status, payload] = [402, { error: e.error }];
    }
    if (idempotencyKey) state.replies.set(idempotencyKey, { fingerprint, status, payload, requestId });
    answer(status, payload);
  } catch (e) {
    if (!(e instanceof StripeError)) throw e;
    answer(e.status, { error: e.error }, e.status === 401 ? { 'www-authenticate': 'Basic realm="Stripe"' } : {});
  }
  // As Stripe, events reach the endpoint after the answer: the portal's call returns first.
  if (state) world.settle(sendAll(state, events).then(async () => {
    for (const step of later) await sendAll(state, step());
  }));
}

function directServer(world) {
  const server = http.createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      if (req.url.startsWith('/pay/')) await hostedPage(world, req, res, body);
      else await api(world, req, res, body);
    } catch (e) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e.stack ?? e));
    }
  });
  // Prism keeps its connections to the server: never closed as idle under it.
  server.keepAliveTimeout = 0;
  server.requestTimeout = 0;
  return server;
}

// Prism's verdicts on one proxied call (its `sl-violations` header), as server.mjs counts them for the portal's
// own API: an error in the answer always; one in the request when the call was not refused. Prism's own reading of
// the request body is left out: it cannot read Stripe's form bodies (the server checks them, contractRefusal).
function noteViolations(violations, call, status, header) {
  if (!header) return;
  let found;
  try {
    found = JSON.parse(header);
  } catch {
    violations.push(`${call}: unreadable sl-violations header ${header}`);
    return;
  }
  for (const v of found) {
    if (String(v.severity).toLowerCase() !== 'error') continue;
    const where = Array.isArray(v.location) ? v.location : [];
    if (where[0] === 'request' && (where[1] === 'body' || v.code === 415)) continue;
    if (where[0] === 'response' || status < 400) violations.push(`${call}: ${where.join('.')} ${v.message}`);
  }
}

// An answer Prism made itself (https://stoplight.io/prism/errors#...) instead of passing the server's on.
function notePrismError(violations, call, contentType, answer) {
  if (!/problem\+json/.test(contentType ?? '')) return;
  let problem;
  try {
    problem = JSON.parse(answer);
  } catch {
    return;
  }
  if (String(problem.type).startsWith('https://stoplight.io/prism/errors#'))
    violations.push(`${call}: Prism ${problem.type.split('#')[1]}: ${problem.title ?? ''} ${problem.detail ?? ''}`.trim());
}

// The answer headers the front does not pass on: the connection's own, and Prism's verdicts (Stripe sends none).
const NOT_PASSED_ON = ['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length', 'sl-violations'];

// apiBase: passes each call on to Prism and its answer back, noting Prism's verdicts.
function frontServer(world, prismBase) {
  return http.createServer(async (req, res) => {
    const call = `${req.method} ${new URL(req.url, 'http://stripe.test').pathname}`;
    try {
      const body = await readBody(req);
      const headers = { ...req.headers, [FRONT_HEADER]: world.frontToken };
      for (const name of ['host', 'connection', 'content-length', 'transfer-encoding']) delete headers[name];
      const withBody = !['GET', 'HEAD'].includes(req.method);
      const up = await fetch(`${prismBase}${req.url}`, { method: req.method, headers, body: withBody ? body : undefined });
      const answer = Buffer.from(await up.arrayBuffer());
      noteViolations(world.violations, call, up.status, up.headers.get('sl-violations'));
      notePrismError(world.violations, call, up.headers.get('content-type'), answer.toString());
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

// `prism proxy` of the contract in front of `upstream` on `port`, as scripts/test-api-prism starts it; `ready`
// resolves once it listens.
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
  return {
    base: `http://127.0.0.1:${port}`,
    ready,
    async stop() {
      child.kill();
      await exited;
    },
  };
}

const listen = (server) => new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${server.address().port}`)));

export async function startStripe() {
  clockOffset = 0;
  const contractFile = stripeContract(OPERATIONS);
  const pending = new Set();
  const world = {
    accounts: new Map(), eventAccounts: new Map(), violations: [], requests: [], frontToken: token(24),
    // Deliveries under way (after an answer), for delivered() to wait for.
    settle: (promise) => {
      pending.add(promise);
      promise.finally(() => pending.delete(promise));
    },
  };
  const direct = directServer(world);
  world.directBase = await listen(direct);
  const prism = spawnPrism(contractFile, world.directBase, await freePort());
  try {
    // While Prism reads the contract (seconds of CPU, in its own process), the body checks compile here.
    world.requestSchemas = requestSchemas(contractFile);
    await prism.ready;
  } catch (e) {
    await prism.stop();
    direct.close();
    throw e;
  }
  const front = frontServer(world, prism.base);
  const apiBase = await listen(front);

  const stateOfIntent = (id) => [...world.accounts.values()].find((state) => state.objects.get(id)?.object === 'payment_intent');
  return {
    apiBase,
    directBase: world.directBase,
    violations: world.violations,
    requests: world.requests,

    // A Stripe account of its own (one per tenant of the portal). { hold: true } keeps its events in `events`
    // without sending them, for the test to deliver() in its own order, twice, or late.
    account({ webhookUrl, hold = false } = {}) {
      const account = {
        id: newId('acct', 16), publishableKey: `pk_test_${token(99)}`, secretKey: `sk_test_${token(99)}`,
        webhookSecret: `whsec_${token(32)}`, events: [], deliveries: [],
        setWebhookUrl(url) {
          state.webhookUrl = url;
        },
      };
      const state = { world, account, webhookUrl, hold, objects: new Map(), cards: new Map(), replies: new Map() };
      world.accounts.set(account.secretKey, state);
      return account;
    },

    // Signs (at unix time `at`) and POSTs one event of an account to its endpoint (or `url`): { status, body }.
    deliver(event, options) {
      const state = world.eventAccounts.get(event.id);
      if (!state) throw new Error(`no account made event ${event.id}`);
      return deliver(state, event, options);
    },

    // Stripe settles the refunds it kept pending (the refundPending card's): succeeded, charge.refund.updated sent.
    async completeRefunds() {
      let done = 0;
      for (const state of world.accounts.values())
        for (const refund of state.objects.values()) {
          if (refund.object !== 'refund' || refund.status !== 'pending') continue;
          refund.status = 'succeeded';
          ++done;
          await sendAll(state, [newEvent(state, 'charge.refund.updated', refund, { previous: { status: 'pending' } })]);
        }
      return done;
    },

    // What Stripe does when a pending refund cannot be completed (the bank refuses it): the refund fails with
    // a failure_reason, the charge's refunded amount is the merchant's again, and charge.refund.updated tells it.
    async failRefunds() {
      let done = 0;
      for (const state of world.accounts.values())
        for (const refund of state.objects.values()) {
          if (refund.object !== 'refund' || refund.status !== 'pending') continue;
          const charge = state.objects.get(refund.charge);
          Object.assign(refund, { status: 'failed', failure_reason: 'declined', failure_balance_transaction: newId('txn') });
          if (charge) {
            charge.amount_refunded -= refund.amount;
            charge.refunded = false;
          }
          ++done;
          await sendAll(state, [newEvent(state, 'charge.refund.updated', refund, { previous: { status: 'pending' } })]);
        }
      return done;
    },

    // Moves Stripe's clock on as the test moves the portal's (sessions' expiry, objects' and events' times).
    advance(seconds) {
      clockOffset += seconds;
    },

    // Resolves when the events of every answer so far have reached their endpoints.
    async delivered() {
      while (pending.size) await Promise.all([...pending]);
    },

    // The customer disputes the payment with their bank: a dispute of its charge, and charge.dispute.created.
    async dispute(paymentIntentId, { reason = 'fraudulent' } = {}) {
      const state = stateOfIntent(paymentIntentId);
      const succeeded = state && succeededCharge(state, state.objects.get(paymentIntentId));
      if (!succeeded) throw new Error(`no succeeded charge for ${paymentIntentId}`);
      const charge = state.objects.get(succeeded.id);
      const dispute = store(state, newDispute(charge, reason));
      charge.disputed = true;
      await sendAll(state, [newEvent(state, 'charge.dispute.created', dispute)]);
      return render(state, dispute);
    },

    async stop() {
      for (const server of [front, direct]) server.closeAllConnections();
      await new Promise((ok) => front.close(ok));
      await prism.stop();
      await new Promise((ok) => direct.close(ok));
    },
  };
}
