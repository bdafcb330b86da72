// The CAMARA operator test server (support/camara.mjs) checked on its own, without the portal: the Gherkin test
// definitions CAMARA publishes with its APIs (server/tests/contracts/camara/*/features/*.feature) are read here, and
// every scenario either runs against the server — through Prism, which checks each call and answer against the
// published YAML — or is named with the reason it does not apply to an operator serving the portal. So the server
// the portal's tests pay through is not a stub that only agrees with the portal. At the end Prism must have found
// nothing outside the contract in any answer or notification.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createHash, createPrivateKey, randomUUID, sign } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startCamara, CB, CBR, NV, OTP, SCOPES } from '../support/camara.mjs';

const FEATURES = resolve(import.meta.dirname, '../../contracts/camara');

// Every scenario of every feature file: { file, tag, name }.
function scenarios() {
  const found = [];
  for (const dir of ['carrier-billing', 'number-verification', 'otp-validation']) {
    const folder = join(FEATURES, dir, 'features');
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.feature')).sort()) {
      let tags = [];
      for (const line of readFileSync(join(folder, file), 'utf8').split('\n')) {
        const text = line.trim();
        if (text.startsWith('@')) tags = text.split(/\s+/);
        else if (/^Scenario( Outline)?:/.test(text)) {
          found.push({ file, tag: tags[0]?.slice(1) ?? '', name: text.replace(/^Scenario( Outline)?:\s*/, '') });
          tags = [];
        }
      }
    }
  }
  return found;
}

let camara;
let client;
let sink;

const PHONE = '+34671999000';
const OTHER_PHONE = '+34671999111';

before(async () => {
  camara = await startCamara();
  client = camara.client({ auth: 'private_key_jwt', redirectUris: ['https://portal.test/callback'] });
  camara.line('+34600000404', { otherOperator: true });
  camara.line('+34600000422', { notApplicable: true });
  camara.line('+34600000403', { denied: 'The line has unpaid bills' });
  camara.line('+34600000010', { threshold: 10 });
  camara.line('+34600000111', { sms: 'notAllowed' });
  camara.line('+34600000112', { landline: true });
  camara.line('+34600000113', { sms: 'blocked' });
  camara.line('+34600000444', { refundsDenied: true });
  sink = await startSink();
  camara.forward('https://sink.portal.test', sink.base);
});
after(async () => {
  await camara?.stop();
  sink?.server.close();
});

// A notification receiver, as the portal's sink: 204 for each event.
async function startSink() {
  const received = [];
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    received.push({ headers: req.headers, event: JSON.parse(Buffer.concat(chunks).toString()) });
    res.writeHead(204).end();
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, received, base: `http://127.0.0.1:${server.address().port}` };
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

// A client assertion (private_key_jwt, RS256) for the token endpoint.
function assertion(audience, { lifetime = 120 } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
  const claims = Buffer.from(JSON.stringify({ iss: client.clientId, sub: client.clientId, aud: audience, iat: now, exp: now + lifetime, jti: randomUUID() })).toString('base64url');
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), createPrivateKey(client.clientSecret)).toString('base64url');
  return `${header}.${claims}.${signature}`;
}

async function tokenCall(form) {
  const res = await fetch(`${camara.apiRoot}/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion(`${camara.apiRoot}/token`), ...form,
    }),
  });
  return { status: res.status, body: await res.json() };
}

// A two-legged token from the token endpoint (client_credentials).
let twoLegged;
async function token() {
  if (!twoLegged) {
    const { status, body } = await tokenCall({ grant_type: 'client_credentials', scope: Object.values(SCOPES).filter((s) => !s.startsWith('number-verification')).join(' ') });
    assert.equal(status, 200, JSON.stringify(body));
    twoLegged = body.access_token;
  }
  return twoLegged;
}

// A three-legged token for `msisdn` through the authorization code flow with prompt=none.
async function threeLegged(msisdn, scopes) {
  const url = new URL(`${camara.apiRoot}/authorize`);
  const state = randomUUID();
  Object.entries({ response_type: 'code', client_id: client.clientId, redirect_uri: 'https://portal.test/callback', scope: `openid ${scopes.join(' ')}`, state, nonce: randomUUID(), prompt: 'none' })
    .forEach(([k, v]) => url.searchParams.set(k, v));
  const res = await fetch(url, { redirect: 'manual', headers: { 'x-test-network-msisdn': msisdn } });
  const back = new URL(res.headers.get('location'));
  assert.equal(back.searchParams.get('state'), state);
  const { status, body } = await tokenCall({ grant_type: 'authorization_code', code: back.searchParams.get('code'), redirect_uri: 'https://portal.test/callback' });
  assert.equal(status, 200, JSON.stringify(body));
  return body.access_token;
}

// One API call: { status, body, headers }. auth: a token, null (no header), or a literal header value.
async function call(method, path, { body, auth, correlator = randomUUID(), raw } = {}) {
  const headers = { 'content-type': 'application/json' };
  const bearer = auth === undefined ? await token() : auth;
  if (bearer) headers.authorization = bearer.includes(' ') ? bearer : `Bearer ${bearer}`;
  if (correlator !== null) headers['x-correlator'] = correlator;
  const res = await fetch(`${camara.apiRoot}${path}`, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers, correlator };
}

function expectError(res, status, code) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.status, status);
  assert.equal(res.body.code, code);
  assert.ok(res.body.message?.length > 0, 'a user friendly text');
  if (res.correlator) assert.equal(res.headers.get('x-correlator'), res.correlator);
}

function expectOk(res, status) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  if (res.body !== null) assert.match(res.headers.get('content-type'), /^application\/json/);
  if (res.correlator) assert.equal(res.headers.get('x-correlator'), res.correlator);
  return res.body;
}

const amount = (value = 9.99, extra = {}) => ({ chargingInformation: { amount: value, currency: 'EUR', description: 'Game', ...extra } });
const transaction = (extra = {}) => ({ phoneNumber: PHONE, paymentAmount: amount(), referenceCode: `ref-${randomUUID()}`, clientCorrelator: randomUUID(), ...extra });

async function paid(extra = {}) {
  return expectOk(await call('POST', `${CB}/payments`, { body: { amountTransaction: transaction(extra) } }), 201);
}
async function prepared(extra = {}, body = {}) {
  return expectOk(await call('POST', `${CB}/payments/prepare`, { body: { amountTransaction: transaction(extra), ...body } }), 201);
}
async function reserved() {
  const p = await prepared();
  expectOk(await call('POST', `${CB}/payments/${p.paymentId}/validate`, { body: { authorizationId: p.validationInfo.authorizationId, code: camara.lastCode(PHONE) } }), 204);
  return p;
}
// A code sent by SMS to a number of its own (the operator allows a few codes per number an hour): { authenticationId, code }.
let lines = 0;
async function sentCode(phoneNumber = `+3460100${String(++lines).padStart(4, '0')}`) {
  const sent = expectOk(await call('POST', `${OTP}/send-code`, { body: { phoneNumber, message: '{{code}} is your code' } }), 200);
  return { ...sent, code: camara.lastCode(phoneNumber), phoneNumber };
}
const refundBody = (type = 'total', extra = {}) => ({
  type, amountTransaction: { referenceCode: `ref-${randomUUID()}`, clientCorrelator: randomUUID(), refundAmount: type === 'partial' ? amount(2, extra) : {} },
});

// Each operation: a valid call of it (made afresh: a payment to act on first when it needs one), and the scope
// another scope-only token lacks.
const OPERATIONS = {
  createPayment: async () => ['POST', `${CB}/payments`, { amountTransaction: transaction() }],
  preparePayment: async () => ['POST', `${CB}/payments/prepare`, { amountTransaction: transaction() }],
  validatePayment: async () => {
    const p = await prepared();
    return ['POST', `${CB}/payments/${p.paymentId}/validate`, { authorizationId: p.validationInfo.authorizationId, code: camara.lastCode(PHONE) }];
  },
  confirmPayment: async () => ['POST', `${CB}/payments/${(await reserved()).paymentId}/confirm`, { phoneNumber: PHONE }],
  cancelPayment: async () => ['POST', `${CB}/payments/${(await reserved()).paymentId}/cancel`, { phoneNumber: PHONE }],
  retrievePayment: async () => ['GET', `${CB}/payments/${(await paid()).paymentId}`],
  retrievePayments: async () => ['GET', `${CB}/payments`],
  createRefund: async () => ['POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, refundBody()],
  retrieveRefunds: async () => ['GET', `${CBR}/payments/${(await paid()).paymentId}/refunds`],
  retrieveRefund: async () => {
    const p = await paid();
    const r = expectOk(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body: refundBody() }), 201);
    return ['GET', `${CBR}/payments/${p.paymentId}/refunds/${r.refundId}`];
  },
  retrievePaymentRemainingAmount: async () => ['GET', `${CBR}/payments/${(await paid()).paymentId}/refunds/remaining-amount`],
  sendCode: async () => ['POST', `${OTP}/send-code`, { phoneNumber: PHONE, message: '{{code}} is your code' }],
  validateCode: async () => {
    const { authenticationId, code } = await sentCode();
    return ['POST', `${OTP}/validate-code`, { authenticationId, code }];
  },
  phoneNumberShare: async () => ['GET', `${NV}/device-phone-number`, undefined, [SCOPES.share]],
  phoneNumberVerify: async () => ['POST', `${NV}/verify`, { phoneNumber: PHONE }, [SCOPES.verify]],
};

// The operation a feature file is about.
const operationOf = (file) => ({
  'carrier-billing-cancelPayment.feature': 'cancelPayment', 'carrier-billing-confirmPayment.feature': 'confirmPayment',
  'carrier-billing-createPayment.feature': 'createPayment', 'carrier-billing-preparePayment.feature': 'preparePayment',
  'carrier-billing-refund-createRefund.feature': 'createRefund', 'carrier-billing-refund-retrievePaymentRemainingAmount.feature': 'retrievePaymentRemainingAmount',
  'carrier-billing-refund-retrieveRefund.feature': 'retrieveRefund', 'carrier-billing-refund-retrieveRefunds.feature': 'retrieveRefunds',
  'carrier-billing-retrievePayment.feature': 'retrievePayment', 'carrier-billing-retrievePayments.feature': 'retrievePayments',
  'carrier-billing-validatePayment.feature': 'validatePayment', 'number-verification-phoneNumberShare.feature': 'phoneNumberShare',
  'number-verification-phoneNumberVerify.feature': 'phoneNumberVerify', 'one-time-password-sms-sendCode.feature': 'sendCode',
  'one-time-password-sms-validateCode.feature': 'validateCode',
})[file];

// A valid call of the operation, with its own token (NV: three-legged for PHONE).
async function valid(operation) {
  const [method, path, body, nvScopes] = await OPERATIONS[operation]();
  const auth = nvScopes ? await threeLegged(PHONE, nvScopes) : undefined;
  return { method, path, body, auth };
}

// ---------------------------------------------------------------------------------------------------------------
// Scenarios that read the same for every operation (by the tail of their tag)

const GENERIC = [
  [/_401\.0?1_(\w+_)?no_authorization_header$/, async (op) => {
    const c = await valid(op);
    expectError(await call(c.method, c.path, { body: c.body, auth: null }), 401, 'UNAUTHENTICATED');
  }],
  [/_401\.0?2_(\w+_)?expired_access_token$/, async (op) => {
    const c = await valid(op);
    const expired = camara.token({ clientId: client.clientId, expiresIn: -1, msisdn: c.auth ? PHONE : undefined });
    expectError(await call(c.method, c.path, { body: c.body, auth: expired }), 401, 'UNAUTHENTICATED');
  }],
  [/_401\.0?3_(\w+_)?invalid_access_token$/, async (op) => {
    const c = await valid(op);
    expectError(await call(c.method, c.path, { body: c.body, auth: 'not-a-token-of-this-operator' }), 401, 'UNAUTHENTICATED');
  }],
  [/_403\.0?1_invalid_token_permissions$/, async (op) => {
    const c = await valid(op);
    const other = op === 'sendCode' || op === 'validateCode' ? SCOPES.read : SCOPES.otp;
    const narrow = camara.token({ clientId: client.clientId, scopes: [other], msisdn: c.auth ? PHONE : undefined });
    expectError(await call(c.method, c.path, { body: c.body, auth: narrow }), 403, 'PERMISSION_DENIED');
  }],
  [/_400\.0?\d_invalid_x-correlator$/, async (op) => {
    const c = await valid(op);
    expectError({ ...(await call(c.method, c.path, { body: c.body, auth: c.auth, correlator: 'not a valid correlator!' })), correlator: null }, 400, 'INVALID_ARGUMENT');
  }],
  [/_400\.0?1_(\w+_)?no_request_body$/, async (op) => {
    const c = await valid(op);
    expectError(await call(c.method, c.path, { auth: c.auth }), 400, 'INVALID_ARGUMENT');
  }],
  [/_400\.0?2_(\w+_)?empty_request_body$/, async (op) => {
    const c = await valid(op);
    expectError(await call(c.method, c.path, { body: {}, auth: c.auth }), 400, 'INVALID_ARGUMENT');
  }],
];

const LEFT_OUT = [
  [/^prepare_payment_14_async_behaviour$/, 'an asynchronous preparePayment hands its validationInfo (the authorizationId validatePayment needs) in no later answer (retrievePayment\'s Payment has none): an operator serving two-step payments with a code prepares synchronously, and the test operator does (its createPayment, confirmPayment and refunds run asynchronously too: create_payment_13, create_refund_12)'],
  [/_422\.01_phoneNumber_required$/, 'the feature expects CARRIER_BILLING.PHONE_NUMBER_REQUIRED, a code the YAML\'s 422 does not list; the YAML\'s own rule (a two-legged call without phoneNumber is 422 MISSING_IDENTIFIER) runs as C02.04'],
  [/^(confirm|cancel)_payment_400\.02_empty_request_body$/, 'the YAML\'s PhoneNumber body has no required property: "{}" is valid there, and with a two-legged token it is 422 MISSING_IDENTIFIER (C02.04, which contradicts this scenario)'],
  [/429/, 'a request threshold (429 TOO_MANY_REQUESTS) is an operator\'s rate policy; the test operator sets none'],
  [/^(create|prepare)_payment_(10_amountTransaction_phoneNumber_three_legged|C02\.03_unnecessary_phone_number)$|^(confirm|cancel)_payment_(02_phoneNumber_three_legged|C02\.03_unnecessary_phone_number)$/,
    'three-legged Carrier Billing: checked below with a network-authenticated token (see "three-legged carrier billing")'],
  [/^retrieve_(payments|refunds)_400\.0[23]_/, 'the feature expects CARRIER_BILLING(_REFUND).OUT_OF_RANGE / TOO_MANY_MATCHING_RECORDS for page sizes the YAML lets an operator accept; the test operator serves up to 100 per page and answers INVALID_ARGUMENT above (the YAML\'s code)'],
  [/^create_refund_422\.0[245]_/, 'the feature\'s code (AMOUNT_THRESHOLD_OVERPASSED, TAXES_MANAGEMENT_MISMATCH, REFUND_DETAILS_MISMATCH) is not one the YAML\'s 422 lists, so an operator answering it breaks the contract Prism checks'],
  [/^create_refund_403\.03_payment_not_eligible_for_refund$/, 'a business rule of an operator (payments of some services refused refunds); the test operator refuses refunds per line instead (403.02)'],
  [/^retrieve_(payments|refunds)_10_merchantIdentifier$/, 'runs below as "merchantIdentifier filter" (the feature needs two merchants of one client)'],
  [/^phoneNumber(Share|Verify)_403\.2_/, 'runs below as "a token not from the mobile network" (the feature needs an SMS/OTP-authenticated three-legged token)'],
];

// ---------------------------------------------------------------------------------------------------------------
// Scenarios of their own

const SPECIFIC = {
  // createPayment / preparePayment
  ...Object.fromEntries(['create', 'prepare'].flatMap((kind) => {
    const path = kind === 'create' ? `${CB}/payments` : `${CB}/payments/prepare`;
    const send = (body, opts = {}) => call('POST', path, { body, ...opts });
    const ok = async (tx, body = {}) => expectOk(await send({ amountTransaction: tx, ...body }), 201);
    return [
      [`${kind}_payment_01_generic_success_scenario`, async () => ok({ paymentAmount: amount(), referenceCode: `r-${randomUUID()}`, phoneNumber: PHONE })],
      [`${kind}_payment_02_generic_success_scenario_with_sink_information`, async () => {
        const p = await ok(transaction(), { sink: 'https://sink.portal.test/notify' });
        assert.equal(p.sink, 'https://sink.portal.test/notify');
      }],
      [`${kind}_payment_03_generic_success_scenario_with_sink_and_sinkCredential_information`, async () => {
        const before = sink.received.length;
        await ok(transaction(), { sink: 'https://sink.portal.test/notify', sinkCredential: { credentialType: 'ACCESSTOKEN', accessToken: 'sink-token', accessTokenExpiresUtc: '2099-01-01T00:00:00Z', accessTokenType: 'bearer' } });
        await camara.delivered();
        assert.ok(sink.received.length > before, 'a notification reached the sink');
        assert.equal(sink.received.at(-1).headers.authorization, 'Bearer sink-token');
        assert.equal(sink.received.at(-1).headers['content-type'], 'application/cloudevents+json');
      }],
      [`${kind}_payment_04_amountTransaction_gross_amount`, async () => {
        const p = await ok(transaction({ paymentAmount: amount(5, { isTaxIncluded: true }) }));
        assert.equal(p.amountTransaction.paymentAmount.chargingInformation.isTaxIncluded, true);
      }],
      [`${kind}_payment_05_amountTransaction_net_amount`, async () => {
        const p = await ok(transaction());
        assert.notEqual(p.amountTransaction.paymentAmount.chargingInformation.isTaxIncluded, true);
      }],
      [`${kind}_payment_06_amountTransaction_taxAmount`, async () => {
        const p = await ok(transaction({ paymentAmount: amount(5, { taxAmount: 1.05 }) }));
        assert.equal(p.amountTransaction.paymentAmount.chargingInformation.taxAmount, 1.05);
      }],
      [`${kind}_payment_07_amountTransaction_merchantIdentifier`, async () => {
        const p = await ok(transaction({ paymentAmount: { ...amount(), chargingMetaData: { merchantIdentifier: 'noor-media' } } }));
        assert.equal(p.amountTransaction.paymentAmount.chargingMetaData.merchantIdentifier, 'noor-media');
      }],
      [`${kind}_payment_08_amountTransaction_paymentDetails`, async () => {
        const details = [{ id: 'item-1', amount: 9.99, currency: 'EUR', description: 'Track' }];
        const p = await ok(transaction({ paymentAmount: { ...amount(), paymentDetails: details } }));
        assert.deepEqual(p.amountTransaction.paymentAmount.paymentDetails, details);
      }],
      [`${kind}_payment_09_amountTransaction_clientCorrelator`, async () => {
        const tx = transaction();
        const p = await ok(tx);
        assert.equal(p.amountTransaction.clientCorrelator, tx.clientCorrelator);
        // The same request again under its clientCorrelator: the first payment, not a second charge.
        const again = await ok(tx);
        assert.equal(again.paymentId, p.paymentId);
      }],
      [`${kind}_payment_11_amountTransaction_phoneNumber_two_legged`, async () => {
        const p = await ok(transaction());
        assert.equal(p.amountTransaction.phoneNumber, PHONE);
      }],
      [`${kind}_payment_400.03_other_input_properties_schema_not_compliant`, async () =>
        expectError(await send({ amountTransaction: transaction({ paymentAmount: amount('ten') }) }), 400, 'INVALID_ARGUMENT')],
      [`${kind}_payment_400.04_required_input_properties_missing`, async () =>
        expectError(await send({ amountTransaction: { phoneNumber: PHONE, paymentAmount: amount() } }), 400, 'INVALID_ARGUMENT')],
      [`${kind}_payment_400.05_clientCorrelator_in_use`, async () => {
        const tx = transaction();
        await ok(tx);
        expectError(await send({ amountTransaction: { ...tx, referenceCode: `other-${randomUUID()}` } }), 400, 'INVALID_ARGUMENT');
      }],
      [`${kind}_payment_400.06_invalid_sink`, async () => expectError(await send({ amountTransaction: transaction(), sink: 'not-an-url' }), 400, 'INVALID_SINK')],
      [`${kind}_payment_400.07_invalid_sinkCredential`, async () => expectError(await send({
        amountTransaction: transaction(), sink: 'https://sink.portal.test/n', sinkCredential: { credentialType: 'PLAIN', identifier: 'a', secret: 'b' },
      }), 400, 'INVALID_CREDENTIAL')],
      [`${kind}_payment_400.08_invalid_sinkCredential_Acccestoken`, async () => expectError(await send({
        amountTransaction: transaction(), sink: 'https://sink.portal.test/n',
        sinkCredential: { credentialType: 'ACCESSTOKEN', accessToken: 'x', accessTokenExpiresUtc: '2099-01-01T00:00:00Z', accessTokenType: 'mac' },
      }), 400, 'INVALID_TOKEN')],
      [`${kind}_payment_C02.01_phone_number_not_schema_compliant`, async () =>
        expectError(await send({ amountTransaction: transaction({ phoneNumber: '0034671999000' }) }), 400, 'INVALID_ARGUMENT')],
      [`${kind}_payment_403.02_payment_denied`, async () =>
        expectError(await send({ amountTransaction: transaction({ phoneNumber: '+34600000403' }) }), 403, 'CARRIER_BILLING.PAYMENT_DENIED')],
      [`${kind}_payment_C02.02_phone_number_not_found`, async () =>
        expectError(await send({ amountTransaction: transaction({ phoneNumber: '+34600000404' }) }), 404, 'IDENTIFIER_NOT_FOUND')],
      [`${kind}_payment_409.01_payment_duplicated`, async () => {
        const tx = transaction();
        delete tx.clientCorrelator;
        await ok(tx);
        expectError(await send({ amountTransaction: tx }), 409, 'ALREADY_EXISTS');
      }],
      [`${kind}_payment_C02.04_missing_phone_number`, async () => {
        const { phoneNumber, ...tx } = transaction();
        expectError(await send({ amountTransaction: tx }), 422, 'MISSING_IDENTIFIER');
      }],
      [`${kind}_payment_422.02_unauthorized_amount`, async () =>
        expectError(await send({ amountTransaction: transaction({ paymentAmount: amount(camara.limits.maxAmount + 1) }) }), 422, 'CARRIER_BILLING.UNAUTHORIZED_AMOUNT')],
      [`${kind}_payment_422.02_accumulated_threshold_amount_overpassed`, async () =>
        expectError(await send({ amountTransaction: transaction({ phoneNumber: '+34600000010', paymentAmount: amount(11) }) }), 422, 'CARRIER_BILLING.USER_AMOUNT_THRESHOLD_OVERPASSED')],
      [`${kind}_payment_C02.05_phone_number_not_supported`, async () =>
        expectError(await send({ amountTransaction: transaction({ phoneNumber: '+34600000422' }) }), 422, 'SERVICE_NOT_APPLICABLE')],
    ];
  })),
  create_payment_12_sync_behaviour: async () => assert.equal((await paid()).paymentStatus, 'succeeded'),
  create_payment_13_async_behaviour: async () => {
    camara.mode = 'async';
    try {
      const p = await paid();
      assert.equal(p.paymentStatus, 'processing');
      await camara.complete(p.paymentId);
      const after = expectOk(await call('GET', `${CB}/payments/${p.paymentId}`), 200);
      assert.equal(after.paymentStatus, 'succeeded');
    } finally {
      camara.mode = 'sync';
    }
  },
  prepare_payment_12_sync_behaviour_without_validation_info: async () => {
    camara.validation = 'none';
    try {
      const p = await prepared();
      assert.equal(p.paymentStatus, 'reserved');
      assert.equal(p.validationInfo, undefined);
    } finally {
      camara.validation = 'validate';
    }
  },
  prepare_payment_13_sync_behaviour_with_validation_info: async () => {
    const p = await prepared();
    assert.equal(p.paymentStatus, 'pending_validation');
    assert.equal(p.validationInfo.action, 'validate');
    assert.ok(p.validationInfo.authorizationId);
  },

  // validatePayment
  validate_payment_01_generic_success_scenario: async () => {
    const p = await prepared();
    expectOk(await call('POST', `${CB}/payments/${p.paymentId}/validate`, { body: { authorizationId: p.validationInfo.authorizationId, code: camara.lastCode(PHONE) } }), 204);
    assert.equal(camara.payment(p.paymentId).paymentStatus, 'reserved');
  },
  'validate_payment_400.03_required_input_properties_missing': async () => {
    const p = await prepared();
    expectError(await call('POST', `${CB}/payments/${p.paymentId}/validate`, { body: { authorizationId: p.validationInfo.authorizationId } }), 400, 'INVALID_ARGUMENT');
  },
  'validate_payment_400.04_invalid_authorizationId': async () => {
    const p = await prepared();
    expectError(await call('POST', `${CB}/payments/${p.paymentId}/validate`, { body: { authorizationId: 'not-it', code: camara.lastCode(PHONE) } }), 400, 'CARRIER_BILLING.INVALID_AUTHORIZATION_ID');
  },
  'validate_payment_400.05_invalid_code': async () => {
    const p = await prepared();
    expectError(await call('POST', `${CB}/payments/${p.paymentId}/validate`, { body: { authorizationId: p.validationInfo.authorizationId, code: 'x' } }), 400, 'CARRIER_BILLING.INVALID_CODE');
  },
  'validate_payment_400.06_exceeding_validation_attempts': async () => {
    const p = await prepared();
    const wrong = () => call('POST', `${CB}/payments/${p.paymentId}/validate`, { body: { authorizationId: p.validationInfo.authorizationId, code: 'x' } });
    for (let i = 1; i < camara.limits.validationTries; i++) expectError(await wrong(), 400, 'CARRIER_BILLING.INVALID_CODE');
    expectError(await wrong(), 400, 'CARRIER_BILLING.VALIDATION_FAILED');
    expectError(await call('POST', `${CB}/payments/${p.paymentId}/validate`, { body: { authorizationId: p.validationInfo.authorizationId, code: camara.lastCode(PHONE) } }), 400, 'CARRIER_BILLING.VALIDATION_FAILED');
    assert.equal(camara.payment(p.paymentId).paymentStatus, 'denied');
  },
  'validate_payment_404.01_payment_not_found': async () =>
    expectError(await call('POST', `${CB}/payments/${randomUUID()}/validate`, { body: { authorizationId: 'a', code: '1' } }), 404, 'NOT_FOUND'),

  // confirmPayment / cancelPayment
  ...Object.fromEntries(['confirm', 'cancel'].flatMap((kind) => {
    const send = (id, body = { phoneNumber: PHONE }, opts = {}) => call('POST', `${CB}/payments/${id}/${kind}`, { body, ...opts });
    return [
      [`${kind}_payment_01_generic_success_scenario`, async () => {
        const p = await reserved();
        expectOk(await send(p.paymentId), 202);
        assert.equal(camara.payment(p.paymentId).paymentStatus, kind === 'confirm' ? 'succeeded' : 'cancelled');
      }],
      [`${kind}_payment_03_phoneNumber_two_legged`, async () => expectOk(await send((await reserved()).paymentId), 202)],
      [`${kind}_payment_C02.01_phone_number_not_schema_compliant`, async () =>
        expectError(await send((await reserved()).paymentId, { phoneNumber: '34671999000' }), 400, 'INVALID_ARGUMENT')],
      [`${kind}_payment_404.01_payment_not_found`, async () => expectError(await send(randomUUID()), 404, 'NOT_FOUND')],
      [`${kind}_payment_C02.02_phone_number_not_found`, async () =>
        expectError(await send((await reserved()).paymentId, { phoneNumber: '+34600000404' }), 404, 'IDENTIFIER_NOT_FOUND')],
      [`${kind}_payment_409.01_payment_confirmed`, async () => {
        const p = await reserved();
        expectOk(await send(p.paymentId), 202);
        if (kind === 'cancel') {
          const q = await reserved();
          expectOk(await call('POST', `${CB}/payments/${q.paymentId}/confirm`, { body: { phoneNumber: PHONE } }), 202);
          return expectError(await send(q.paymentId), 409, 'CARRIER_BILLING.PAYMENT_CONFIRMED');
        }
        expectError(await send(p.paymentId), 409, 'CARRIER_BILLING.PAYMENT_CONFIRMED');
      }],
      [`${kind}_payment_409.02_payment_cancelled`, async () => {
        const p = await reserved();
        expectOk(await call('POST', `${CB}/payments/${p.paymentId}/cancel`, { body: { phoneNumber: PHONE } }), 202);
        expectError(await send(p.paymentId), 409, 'CARRIER_BILLING.PAYMENT_CANCELLED');
      }],
      [`${kind}_payment_C02.04_missing_phone_number`, async () =>
        expectError(await send((await reserved()).paymentId, {}), 422, 'MISSING_IDENTIFIER')],
      [`${kind}_payment_C02.05_phone_number_not_supported`, async () =>
        expectError(await send((await reserved()).paymentId, { phoneNumber: '+34600000422' }), 422, 'SERVICE_NOT_APPLICABLE')],
    ];
  })),
  'confirm_payment_403.02_payment_denied': async () => {
    const p = await prepared();
    for (let i = 0; i < camara.limits.validationTries; i++)
      await call('POST', `${CB}/payments/${p.paymentId}/validate`, { body: { authorizationId: p.validationInfo.authorizationId, code: 'x' } });
    expectError(await call('POST', `${CB}/payments/${p.paymentId}/confirm`, { body: { phoneNumber: PHONE } }), 403, 'CARRIER_BILLING.PAYMENT_DENIED');
  },

  // retrievePayment / retrievePayments
  retrieve_payment_01_generic_success_scenario: async () => {
    const p = await paid();
    const got = expectOk(await call('GET', `${CB}/payments/${p.paymentId}`), 200);
    assert.equal(got.paymentId, p.paymentId);
  },
  'retrieve_payment_404.01_payment_not_found': async () => expectError(await call('GET', `${CB}/payments/${randomUUID()}`), 404, 'NOT_FOUND'),
  retrieve_payments_01_generic_success_scenario: async () => {
    await paid();
    assert.ok(expectOk(await call('GET', `${CB}/payments`), 200).length > 0);
  },
  retrieve_payments_02_no_payments: async () => {
    const list = expectOk(await call('GET', `${CB}/payments?paymentCreationDate.lte=2000-01-01T00:00:00Z`), 200);
    assert.deepEqual(list, []);
  },
  retrieve_payments_03_for_phoneNumber: async () => {
    await paid({ phoneNumber: OTHER_PHONE });
    await paid();
    const mine = expectOk(await call('GET', `${CB}/payments?perPage=100`, { auth: await threeLegged(PHONE, [SCOPES.read]) }), 200);
    assert.ok(mine.length > 0 && mine.every((p) => p.amountTransaction.phoneNumber === PHONE));
  },
  retrieve_payments_04_for_application: async () => {
    const other = camara.client();
    const foreign = camara.token({ clientId: other.clientId });
    await paid();
    assert.deepEqual(expectOk(await call('GET', `${CB}/payments`, { auth: foreign }), 200), []);
  },
  retrieve_payments_05_start_creationDate: async () => {
    const since = camara.now();
    await paid();
    const list = expectOk(await call('GET', `${CB}/payments?paymentCreationDate.gte=${since}`), 200);
    assert.ok(list.length > 0 && list.every((p) => p.paymentCreationDate >= since));
  },
  retrieve_payments_06_end_creationDate: async () => {
    await paid();
    const until = camara.now();
    const list = expectOk(await call('GET', `${CB}/payments?paymentCreationDate.lte=${until}`), 200);
    assert.ok(list.length > 0 && list.every((p) => p.paymentCreationDate <= until));
  },
  retrieve_payments_07_date_range: async () => {
    const since = camara.now();
    await paid();
    const list = expectOk(await call('GET', `${CB}/payments?paymentCreationDate.gte=${since}&paymentCreationDate.lte=${camara.now()}`), 200);
    assert.ok(list.length > 0);
  },
  retrieve_payments_08_ordering: async () => {
    await paid();
    await paid();
    const asc = expectOk(await call('GET', `${CB}/payments?order=asc&perPage=100`), 200).map((p) => p.paymentCreationDate);
    assert.deepEqual(asc, [...asc].sort());
  },
  retrieve_payments_09_payment_status: async () => {
    await prepared();
    const list = expectOk(await call('GET', `${CB}/payments?paymentStatus=pending_validation&perPage=100`), 200);
    assert.ok(list.length > 0 && list.every((p) => p.paymentStatus === 'pending_validation'));
  },
  retrieve_payments_11_pagination: async () => {
    for (let i = 0; i < 6; i++) await paid();
    const res = await call('GET', `${CB}/payments?page=1&perPage=5`);
    assert.equal(expectOk(res, 200).length, 5);
    assert.ok(Number(res.headers.get('x-total-count')) >= 6);
  },
  'retrieve_payments_400.01_invalid_date_range': async () =>
    expectError(await call('GET', `${CB}/payments?paymentCreationDate.gte=2030-01-01T00:00:00Z&paymentCreationDate.lte=2020-01-01T00:00:00Z`), 400, 'CARRIER_BILLING.INVALID_DATE_RANGE'),

  // refunds
  create_refund_01_generic_success_scenario: async () => {
    const r = expectOk(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: refundBody() }), 201);
    assert.equal(r.refundStatus, 'succeeded');
  },
  create_refund_02_generic_success_scenario_with_sink_information: async () => {
    const r = expectOk(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: { ...refundBody(), sink: 'https://sink.portal.test/r' } }), 201);
    assert.equal(r.sink, 'https://sink.portal.test/r');
  },
  create_refund_03_generic_success_scenario_with_sink_and_sinkCredential_information: async () => {
    const before = sink.received.length;
    expectOk(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: { ...refundBody(), sink: 'https://sink.portal.test/r', sinkCredential: { credentialType: 'ACCESSTOKEN', accessToken: 'refund-token', accessTokenExpiresUtc: '2099-01-01T00:00:00Z', accessTokenType: 'bearer' } } }), 201);
    await camara.delivered();
    assert.equal(sink.received.length, before + 1);
    assert.equal(sink.received.at(-1).event.type, 'org.camaraproject.carrier-billing-refund.v0.refund-completed');
    assert.equal(sink.received.at(-1).headers.authorization, 'Bearer refund-token');
  },
  create_refund_04_total_refund: async () => {
    const p = await paid();
    expectOk(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body: refundBody('total') }), 201);
    assert.equal(expectOk(await call('GET', `${CBR}/payments/${p.paymentId}/refunds/remaining-amount`), 200).amount, 0);
  },
  create_refund_04_partial_refund_amountTransaction_gross_amount: async () => {
    const r = expectOk(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: refundBody('partial', { isTaxIncluded: true }) }), 201);
    assert.equal(r.amountTransaction.refundAmount.chargingInformation.isTaxIncluded, true);
  },
  create_refund_05_partial_refund_amountTransaction_net_amount: async () => {
    const r = expectOk(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: refundBody('partial') }), 201);
    assert.notEqual(r.amountTransaction.refundAmount.chargingInformation.isTaxIncluded, true);
  },
  create_refund_06_partial_refund_amountTransaction_taxAmount: async () => {
    const r = expectOk(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: refundBody('partial', { taxAmount: 0.4 }) }), 201);
    assert.equal(r.amountTransaction.refundAmount.chargingInformation.taxAmount, 0.4);
  },
  create_refund_07_amountTransaction_merchantIdentifier: async () => {
    const body = refundBody();
    body.amountTransaction.refundAmount = { chargingMetaData: { merchantIdentifier: 'noor-media' } };
    const r = expectOk(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body }), 201);
    assert.equal(r.amountTransaction.refundAmount.chargingMetaData.merchantIdentifier, 'noor-media');
  },
  create_refund_08_partial_refund_amountTransaction_refundDetails: async () => {
    const p = await paid({ paymentAmount: { ...amount(), paymentDetails: [{ id: 'item-1', amount: 9.99, currency: 'EUR', description: 'Track' }] } });
    const body = refundBody('partial');
    body.amountTransaction.refundAmount.refundDetails = [{ paymentItemId: 'item-1', amount: 2, currency: 'EUR', description: 'Track' }];
    const r = expectOk(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body }), 201);
    assert.deepEqual(r.amountTransaction.refundAmount.refundDetails, body.amountTransaction.refundAmount.refundDetails);
  },
  create_refund_09_amountTransaction_clientCorrelator: async () => {
    const p = await paid();
    const body = refundBody('partial');
    const r = expectOk(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body }), 201);
    assert.equal(r.amountTransaction.clientCorrelator, body.amountTransaction.clientCorrelator);
    const again = expectOk(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body }), 201);
    assert.equal(again.refundId, r.refundId, 'the same request under its clientCorrelator: the first refund');
  },
  create_refund_10_reason: async () => {
    const r = expectOk(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: { ...refundBody(), reason: 'Goodwill' } }), 201);
    assert.equal(r.reason, 'Goodwill');
  },
  create_refund_11_sync_behaviour: async () =>
    assert.equal(expectOk(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: refundBody() }), 201).refundStatus, 'succeeded'),
  create_refund_12_async_behaviour: async () => {
    camara.refundMode = 'async';
    try {
      const p = await paid();
      const r = expectOk(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body: refundBody() }), 201);
      assert.equal(r.refundStatus, 'processing');
      await camara.completeRefunds();
      assert.equal(expectOk(await call('GET', `${CBR}/payments/${p.paymentId}/refunds/${r.refundId}`), 200).refundStatus, 'succeeded');
    } finally {
      camara.refundMode = 'sync';
    }
  },
  'create_refund_400.03_other_input_properties_schema_not_compliant': async () => {
    const body = refundBody('partial');
    body.amountTransaction.refundAmount.chargingInformation.amount = -1;
    expectError(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body }), 400, 'INVALID_ARGUMENT');
  },
  'create_refund_400.04_required_input_properties_missing': async () =>
    expectError(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: { type: 'total' } }), 400, 'INVALID_ARGUMENT'),
  'create_refund_400.05_clientCorrelator_in_use': async () => {
    const p = await paid();
    const body = refundBody('partial');
    expectOk(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body }), 201);
    body.amountTransaction.referenceCode = `other-${randomUUID()}`;
    expectError(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body }), 400, 'INVALID_ARGUMENT');
  },
  'create_refund_400.06_invalid_sink': async () =>
    expectError(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: { ...refundBody(), sink: 'http://sink.portal.test/r' } }), 400, 'INVALID_SINK'),
  'create_refund_400.07_invalid_sinkCredential': async () =>
    expectError(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: { ...refundBody(), sink: 'https://sink.portal.test/r', sinkCredential: { credentialType: 'REFRESHTOKEN' } } }), 400, 'INVALID_CREDENTIAL'),
  'create_refund_400.08_invalid_sinkCredential_Acccestoken': async () =>
    expectError(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body: { ...refundBody(), sink: 'https://sink.portal.test/r', sinkCredential: { credentialType: 'ACCESSTOKEN', accessToken: 'x', accessTokenExpiresUtc: '2099-01-01T00:00:00Z', accessTokenType: 'other' } } }), 400, 'INVALID_TOKEN'),
  'create_refund_403.02_refund_denied': async () =>
    expectError(await call('POST', `${CBR}/payments/${(await paid({ phoneNumber: '+34600000444' })).paymentId}/refunds`, { body: refundBody() }), 403, 'CARRIER_BILLING_REFUND.REFUND_DENIED'),
  'create_refund_404.01_payment_not_found': async () =>
    expectError(await call('POST', `${CBR}/payments/${randomUUID()}/refunds`, { body: refundBody() }), 404, 'NOT_FOUND'),
  'create_refund_409.01_refund_duplicated': async () => {
    const p = await paid();
    const body = refundBody('partial');
    delete body.amountTransaction.clientCorrelator;
    expectOk(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body }), 201);
    expectError(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body }), 409, 'ALREADY_EXISTS');
  },
  'create_refund_422.01_unauthorized_amount': async () => {
    const body = refundBody('partial');
    body.amountTransaction.refundAmount.chargingInformation.amount = 100;
    expectError(await call('POST', `${CBR}/payments/${(await paid()).paymentId}/refunds`, { body }), 422, 'CARRIER_BILLING_REFUND.UNAUTHORIZED_AMOUNT');
  },
  'create_refund_422.03_payment_invalid_status': async () =>
    expectError(await call('POST', `${CBR}/payments/${(await prepared()).paymentId}/refunds`, { body: refundBody() }), 422, 'CARRIER_BILLING_REFUND.INVALID_PAYMENT_STATUS'),

  // remaining amount
  ...(() => {
    const remainingAfter = async (type, settle) => {
      camara.refundMode = settle === 'in progress' ? 'async' : settle === 'denied' ? 'async' : 'sync';
      try {
        const p = await paid();
        expectOk(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body: refundBody(type) }), 201);
        if (settle === 'denied') await camara.denyRefunds();
        return expectOk(await call('GET', `${CBR}/payments/${p.paymentId}/refunds/remaining-amount`), 200).amount;
      } finally {
        camara.refundMode = 'sync';
      }
    };
    return {
      retrieve_payment_remaining_amount_01_generic_success_scenario: async () => {
        const p = await paid();
        const left = expectOk(await call('GET', `${CBR}/payments/${p.paymentId}/refunds/remaining-amount`), 200);
        assert.deepEqual([left.amount, left.currency], [9.99, 'EUR']);
      },
      retrieve_payment_remaining_amount_02_total_refund_in_progress: async () => assert.equal(await remainingAfter('total', 'in progress'), 0),
      retrieve_payment_remaining_amount_03_total_refund_succeeded: async () => assert.equal(await remainingAfter('total', 'succeeded'), 0),
      retrieve_payment_remaining_amount_04_total_refund_denied: async () => assert.equal(await remainingAfter('total', 'denied'), 9.99),
      retrieve_payment_remaining_amount_05_partial_refund_in_progress: async () => assert.equal(await remainingAfter('partial', 'in progress'), 7.99),
      retrieve_payment_remaining_amount_06_partial_refund_succeeded: async () => assert.equal(await remainingAfter('partial', 'succeeded'), 7.99),
      retrieve_payment_remaining_amount_07_partial_refund_denied: async () => assert.equal(await remainingAfter('partial', 'denied'), 9.99),
      'retrieve_payment_remaining_amount_404.01_payment_not_found': async () =>
        expectError(await call('GET', `${CBR}/payments/${randomUUID()}/refunds/remaining-amount`), 404, 'NOT_FOUND'),
    };
  })(),
  retrieve_refund_01_generic_success_scenario: async () => {
    const { path } = await valid('retrieveRefund');
    assert.equal(expectOk(await call('GET', path), 200).refundStatus, 'succeeded');
  },
  'retrieve_refund_404.01_payment_not_found': async () => expectError(await call('GET', `${CBR}/payments/${randomUUID()}/refunds/${randomUUID()}`), 404, 'NOT_FOUND'),
  'retrieve_refund_404.02_refund_not_found': async () => expectError(await call('GET', `${CBR}/payments/${(await paid()).paymentId}/refunds/${randomUUID()}`), 404, 'NOT_FOUND'),
  ...(() => {
    const withRefunds = async () => {
      const p = await paid();
      for (let i = 0; i < 3; i++) expectOk(await call('POST', `${CBR}/payments/${p.paymentId}/refunds`, { body: refundBody('partial') }), 201);
      return p.paymentId;
    };
    const list = async (id, query = '', opts = {}) => expectOk(await call('GET', `${CBR}/payments/${id}/refunds${query}`, opts), 200);
    return {
      retrieve_refunds_01_generic_success_scenario: async () => assert.equal((await list(await withRefunds())).length, 3),
      retrieve_refunds_02_no_refunds: async () => assert.deepEqual(await list((await paid()).paymentId), []),
      retrieve_refunds_03_for_phoneNumber: async () => {
        const id = await withRefunds();
        assert.equal((await list(id, '', { auth: await threeLegged(PHONE, [SCOPES.refundRead]) })).length, 3);
        expectError(await call('GET', `${CBR}/payments/${id}/refunds`, { auth: await threeLegged(OTHER_PHONE, [SCOPES.refundRead]) }), 404, 'NOT_FOUND');
      },
      retrieve_refunds_04_for_application: async () => {
        const id = await withRefunds();
        const other = camara.token({ clientId: camara.client().clientId });
        expectError(await call('GET', `${CBR}/payments/${id}/refunds`, { auth: other }), 404, 'NOT_FOUND');
      },
      retrieve_refunds_05_start_creationDate: async () => {
        const id = await withRefunds();
        assert.equal((await list(id, '?refundCreationDate.gte=2000-01-01T00:00:00Z')).length, 3);
      },
      retrieve_refunds_06_end_creationDate: async () => assert.equal((await list(await withRefunds(), '?refundCreationDate.lte=2000-01-01T00:00:00Z')).length, 0),
      retrieve_refunds_07_date_range: async () =>
        assert.equal((await list(await withRefunds(), `?refundCreationDate.gte=2000-01-01T00:00:00Z&refundCreationDate.lte=${camara.now()}`)).length, 3),
      retrieve_refunds_08_ordering: async () => {
        const dates = (await list(await withRefunds(), '?order=desc')).map((r) => r.refundCreationDate);
        assert.deepEqual(dates, [...dates].sort().reverse());
      },
      retrieve_refunds_09_refund_status: async () => assert.equal((await list(await withRefunds(), '?refundStatus=denied')).length, 0),
      retrieve_refunds_11_pagination: async () => assert.ok((await list(await withRefunds(), '?page=1&perPage=2')).length <= 3),
      'retrieve_refunds_400.01_invalid_date_range': async () =>
        expectError(await call('GET', `${CBR}/payments/${(await paid()).paymentId}/refunds?refundCreationDate.gte=2030-01-01T00:00:00Z&refundCreationDate.lte=2020-01-01T00:00:00Z`), 400, 'CARRIER_BILLING_REFUND.INVALID_DATE_RANGE'),
    };
  })(),

  // One Time Password SMS
  OTPvalidationAPI_01_send_code_success_scenario: async () => {
    const { authenticationId, code } = await sentCode();
    assert.ok(authenticationId.length <= 36);
    assert.equal(camara.sms.at(-1).text, `${code} is your code`);
  },
  'OTPvalidationAPI_02_send_code_success_scenario_without_x-correlator': async () => {
    expectOk({ ...(await call('POST', `${OTP}/send-code`, { body: { phoneNumber: '+34600000778', message: '{{code}}' }, correlator: null })), correlator: null }, 200);
  },
  'OTPvalidationAPI_400.1_send_code_no_request_body': async () => expectError(await call('POST', `${OTP}/send-code`), 400, 'INVALID_ARGUMENT'),
  'OTPvalidationAPI_400.2_send_code_empty_request_body': async () => expectError(await call('POST', `${OTP}/send-code`, { body: {} }), 400, 'INVALID_ARGUMENT'),
  'OTPvalidationAPI_400.4_send_code_incorrect_phone_number_request_body': async () =>
    expectError(await call('POST', `${OTP}/send-code`, { body: { phoneNumber: '00346', message: '{{code}}' } }), 400, 'INVALID_ARGUMENT'),
  'OTPvalidationAPI_400.5_send_code_missing_message': async () =>
    expectError(await call('POST', `${OTP}/send-code`, { body: { phoneNumber: PHONE } }), 400, 'INVALID_ARGUMENT'),
  'OTPvalidationAPI_400.6_send_code_missing_code_request_body': async () =>
    expectError(await call('POST', `${OTP}/send-code`, { body: { phoneNumber: PHONE, message: 'no code here' } }), 400, 'INVALID_ARGUMENT'),
  'OTPvalidationAPI_400.7_send_code_message_too_long': async () =>
    expectError(await call('POST', `${OTP}/send-code`, { body: { phoneNumber: PHONE, message: `{{code}} ${'x'.repeat(160)}` } }), 400, 'INVALID_ARGUMENT'),
  OTPvalidationAPI_03_send_code_max_otp_code: async () => {
    const phone = '+34600000779';
    for (let i = 0; i < camara.limits.otpCodesPerHour; i++) await sentCode(phone);
    expectError(await call('POST', `${OTP}/send-code`, { body: { phoneNumber: phone, message: '{{code}}' } }), 403, 'ONE_TIME_PASSWORD_SMS.MAX_OTP_CODES_EXCEEDED');
  },
  OTPvalidationAPI_04_send_code_phone_number_not_allowed: async () =>
    expectError(await call('POST', `${OTP}/send-code`, { body: { phoneNumber: '+34600000111', message: '{{code}}' } }), 403, 'ONE_TIME_PASSWORD_SMS.PHONE_NUMBER_NOT_ALLOWED'),
  OTPvalidationAPI_05_send_code_phone_number_not_allowed_3: async () =>
    expectError(await call('POST', `${OTP}/send-code`, { body: { phoneNumber: '+34600000112', message: '{{code}}' } }), 403, 'ONE_TIME_PASSWORD_SMS.PHONE_NUMBER_NOT_ALLOWED'),
  OTPvalidationAPI_06_send_code_phone_number_blocked: async () =>
    expectError(await call('POST', `${OTP}/send-code`, { body: { phoneNumber: '+34600000113', message: '{{code}}' } }), 403, 'ONE_TIME_PASSWORD_SMS.PHONE_NUMBER_BLOCKED'),
  'OTPvalidationAPI_404.1_send_code_phone_number_not_belong_to_operator': async () =>
    expectError(await call('POST', `${OTP}/send-code`, { body: { phoneNumber: '+34600000404', message: '{{code}}' } }), 404, 'NOT_FOUND'),
  ...(() => {
    const validate = (authenticationId, code, opts) => call('POST', `${OTP}/validate-code`, { body: { authenticationId, code }, ...opts });
    return {
      OTPvalidationAPI_01_validate_code_sucess_scenario: async () => {
        const { authenticationId, code, phoneNumber } = await sentCode();
        expectOk(await validate(authenticationId, code), 204);
      },
      'OTPvalidationAPI_02_validate_code_sucess_scenario_without_x-correlator': async () => {
        const { authenticationId, code, phoneNumber } = await sentCode();
        assert.equal((await validate(authenticationId, code, { correlator: null })).status, 204);
      },
      'OTPvalidationAPI_400.3_validate_code_missing_authenticationId': async () =>
        expectError(await call('POST', `${OTP}/validate-code`, { body: { code: '123456' } }), 400, 'INVALID_ARGUMENT'),
      'OTPvalidationAPI_400.3_validate_code_missing_code': async () =>
        expectError(await call('POST', `${OTP}/validate-code`, { body: { authenticationId: (await sentCode()).authenticationId } }), 400, 'INVALID_ARGUMENT'),
      'OTPvalidationAPI_400.4_validate_code_exceed_code_max_length': async () =>
        expectError(await validate((await sentCode()).authenticationId, 'thisCodeExceedsTenCharacters'), 400, 'INVALID_ARGUMENT'),
      'OTPvalidationAPI_400.5_validate_code_invalid_otp_scenario': async () =>
        expectError(await validate((await sentCode()).authenticationId, 'nope'), 400, 'ONE_TIME_PASSWORD_SMS.INVALID_OTP'),
      'OTPvalidationAPI_400.6_validate_code_verification_expired_scenario_1': async () => {
        const { authenticationId, code, phoneNumber } = await sentCode();
        camara.advance(camara.limits.otpSeconds + 1);
        try {
          expectError(await validate(authenticationId, code), 400, 'ONE_TIME_PASSWORD_SMS.VERIFICATION_EXPIRED');
        } finally {
          camara.advance(-(camara.limits.otpSeconds + 1));
          twoLegged = null;
        }
      },
      'OTPvalidationAPI_400.7_validate_code_verification_expired_scenario_2': async () => {
        const first = await sentCode();
        await sentCode(first.phoneNumber);
        expectError(await validate(first.authenticationId, first.code), 400, 'ONE_TIME_PASSWORD_SMS.VERIFICATION_EXPIRED');
      },
      'OTPvalidationAPI_400.8_validate_code_verification_expired_scenario_3': async () => {
        const { authenticationId, code, phoneNumber } = await sentCode();
        expectOk(await validate(authenticationId, code), 204);
        expectError(await validate(authenticationId, code), 400, 'ONE_TIME_PASSWORD_SMS.VERIFICATION_EXPIRED');
      },
      'OTPvalidationAPI_400.9_validate_code_verification_failed_scenario': async () => {
        const { authenticationId, code, phoneNumber } = await sentCode();
        for (let i = 1; i < camara.limits.otpTries; i++) expectError(await validate(authenticationId, 'nope'), 400, 'ONE_TIME_PASSWORD_SMS.INVALID_OTP');
        expectError(await validate(authenticationId, 'nope'), 400, 'ONE_TIME_PASSWORD_SMS.VERIFICATION_FAILED');
        expectError(await validate(authenticationId, code), 400, 'ONE_TIME_PASSWORD_SMS.VERIFICATION_FAILED');
      },
      OTPvalidationAPI_404_validate_code_resource_not_found: async () => expectError(await validate(randomUUID(), '123456'), 404, 'NOT_FOUND'),
    };
  })(),

  // Number Verification
  phone_number_share_01_generic_success_scenario: async () => {
    const got = expectOk(await call('GET', `${NV}/device-phone-number`, { auth: await threeLegged(PHONE, [SCOPES.share]) }), 200);
    assert.equal(got.devicePhoneNumber, PHONE);
  },
  phone_number_share_02_success_scenario: async () => {
    const got = expectOk(await call('GET', `${NV}/device-phone-number`, { auth: await threeLegged(OTHER_PHONE, [SCOPES.share]) }), 200);
    assert.equal(got.devicePhoneNumber, OTHER_PHONE);
  },
  phone_number_verify_01_generic_success_scenario: async () => {
    assert.equal(expectOk(await call('POST', `${NV}/verify`, { body: { phoneNumber: PHONE }, auth: await threeLegged(PHONE, [SCOPES.verify]) }), 200).devicePhoneNumberVerified, true);
  },
  'phone_number_verify.02_validate_phone_number_success_true': async () =>
    assert.equal(expectOk(await call('POST', `${NV}/verify`, { body: { phoneNumber: PHONE }, auth: await threeLegged(PHONE, [SCOPES.verify]) }), 200).devicePhoneNumberVerified, true),
  'phone_number_verify.03_validate_phone_number_success_false': async () =>
    assert.equal(expectOk(await call('POST', `${NV}/verify`, { body: { phoneNumber: OTHER_PHONE }, auth: await threeLegged(PHONE, [SCOPES.verify]) }), 200).devicePhoneNumberVerified, false),
  'phone_number_verify.04_validate_hashed_phone_number_success_true': async () => {
    const hashedPhoneNumber = createHash('sha256').update(PHONE).digest('hex');
    assert.equal(expectOk(await call('POST', `${NV}/verify`, { body: { hashedPhoneNumber }, auth: await threeLegged(PHONE, [SCOPES.verify]) }), 200).devicePhoneNumberVerified, true);
  },
  'phone_number_verify.05_validate_hashed_phone_number_success_false': async () => {
    const hashedPhoneNumber = createHash('sha256').update(OTHER_PHONE).digest('hex');
    assert.equal(expectOk(await call('POST', `${NV}/verify`, { body: { hashedPhoneNumber }, auth: await threeLegged(PHONE, [SCOPES.verify]) }), 200).devicePhoneNumberVerified, false);
  },
  'phone_number_verify_400.3_invalid_request_non_existing_property': async () =>
    expectError(await call('POST', `${NV}/verify`, { body: { number: PHONE }, auth: await threeLegged(PHONE, [SCOPES.verify]) }), 400, 'INVALID_ARGUMENT'),
  'phone_number_verify_400.4_both_phone_number_and_hashed_in_request': async () =>
    expectError(await call('POST', `${NV}/verify`, { body: { phoneNumber: PHONE, hashedPhoneNumber: createHash('sha256').update(PHONE).digest('hex') }, auth: await threeLegged(PHONE, [SCOPES.verify]) }), 400, 'INVALID_ARGUMENT'),
  'phone_number_verify_C02.01_phone_number_not_schema_compliant': async () =>
    expectError(await call('POST', `${NV}/verify`, { body: { phoneNumber: '34671' }, auth: await threeLegged(PHONE, [SCOPES.verify]) }), 400, 'INVALID_ARGUMENT'),
};

// The scenarios of one file whose tag means another operation's generic case (NV's share file names its 401s
// phone_number_verify_401.*): the operation is the file's.
for (const s of scenarios()) {
  const op = operationOf(s.file);
  const own = SPECIFIC[s.tag];
  const generic = GENERIC.find(([pattern]) => pattern.test(s.tag));
  const leftOut = LEFT_OUT.find(([pattern]) => pattern.test(s.tag));
  const title = `${s.file.replace('.feature', '')} @${s.tag}: ${s.name}`;
  if (own) test(title, own);
  else if (leftOut) test(title, { skip: leftOut[1] }, () => {});
  else if (generic) test(title, () => generic[1](op));
  else test(title, () => assert.fail(`scenario @${s.tag} neither runs here nor is left out with a reason`));
}

// ---------------------------------------------------------------------------------------------------------------
// What the features leave to the operator, checked here

test('three-legged carrier billing: the token names the line; naming it again is UNNECESSARY_IDENTIFIER', async () => {
  const auth = await threeLegged(PHONE, [SCOPES.create, SCOPES.write]);
  const { phoneNumber, ...tx } = transaction();
  const p = expectOk(await call('POST', `${CB}/payments/prepare`, { body: { amountTransaction: tx }, auth }), 201);
  assert.equal(p.amountTransaction.phoneNumber, PHONE);
  expectError(await call('POST', `${CB}/payments`, { body: { amountTransaction: transaction() }, auth }), 422, 'UNNECESSARY_IDENTIFIER');
  expectError(await call('POST', `${CB}/payments/${p.paymentId}/cancel`, { body: { phoneNumber: PHONE }, auth }), 422, 'UNNECESSARY_IDENTIFIER');
});

test('merchantIdentifier filter: only that merchant\'s payments', async () => {
  await paid({ paymentAmount: { ...amount(), chargingMetaData: { merchantIdentifier: 'merchant-a' } } });
  await paid({ paymentAmount: { ...amount(), chargingMetaData: { merchantIdentifier: 'merchant-b' } } });
  const list = expectOk(await call('GET', `${CB}/payments?merchantIdentifier=merchant-a&perPage=100`), 200);
  assert.ok(list.length > 0 && list.every((p) => p.amountTransaction.paymentAmount.chargingMetaData.merchantIdentifier === 'merchant-a'));
});

test('a token not from the mobile network: Number Verification refuses it', async () => {
  const otpToken = camara.token({ clientId: client.clientId, scopes: [SCOPES.share, SCOPES.verify], msisdn: PHONE, amr: 'otp' });
  expectError(await call('GET', `${NV}/device-phone-number`, { auth: otpToken }), 403, 'NUMBER_VERIFICATION.USER_NOT_AUTHENTICATED_BY_MOBILE_NETWORK');
});

test('OpenID Connect: discovery, prompt=none off the mobile network is login_required, a code is single use, a Number Verification token spent once', async () => {
  const discovery = await (await fetch(`${camara.apiRoot}/.well-known/openid-configuration`)).json();
  assert.equal(discovery.issuer, camara.apiRoot);
  assert.ok(discovery.grant_types_supported.includes('client_credentials'));
  assert.ok(discovery.token_endpoint_auth_methods_supported.includes('private_key_jwt'));
  const jwks = await (await fetch(discovery.jwks_uri)).json();
  assert.equal(jwks.keys[0].kty, 'RSA');

  camara.connect(null);
  const url = new URL(discovery.authorization_endpoint);
  Object.entries({ response_type: 'code', client_id: client.clientId, redirect_uri: 'https://portal.test/callback', scope: `openid ${SCOPES.share}`, state: 's1', prompt: 'none' })
    .forEach(([k, v]) => url.searchParams.set(k, v));
  const wifi = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location'));
  assert.deepEqual([wifi.searchParams.get('error'), wifi.searchParams.get('state')], ['login_required', 's1']);
  camara.connect(PHONE);
  const mobile = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location'));
  const code = mobile.searchParams.get('code');
  camara.connect(null);
  const first = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: 'https://portal.test/callback' });
  assert.equal(first.status, 200);
  assert.ok(first.body.expires_in <= 300, 'a three-legged token of at most 300 s');
  const claims = JSON.parse(Buffer.from(first.body.id_token.split('.')[1], 'base64url'));
  assert.deepEqual([claims.iss, claims.aud], [camara.apiRoot, client.clientId]);
  assert.equal((await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: 'https://portal.test/callback' })).body.error, 'invalid_grant');
  expectOk(await call('GET', `${NV}/device-phone-number`, { auth: first.body.access_token }), 200);
  expectError(await call('GET', `${NV}/device-phone-number`, { auth: first.body.access_token }), 401, 'UNAUTHENTICATED');
});

test('client authentication: a replayed assertion, one of more than 300 s, or none is invalid_client', async () => {
  const once = assertion(`${camara.apiRoot}/token`);
  const post = (form) => fetch(`${camara.apiRoot}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
  const base = { grant_type: 'client_credentials', scope: SCOPES.read, client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' };
  assert.equal((await post({ ...base, client_assertion: once })).status, 200);
  assert.equal((await post({ ...base, client_assertion: once })).status, 401, 'an assertion is used once');
  assert.equal((await post({ ...base, client_assertion: assertion(`${camara.apiRoot}/token`, { lifetime: 600 }) })).status, 401, 'at most 300 s');
  assert.equal((await post({ grant_type: 'client_credentials', scope: SCOPES.read, client_id: client.clientId, client_secret: 'x' })).status, 401);
});

test('Prism found nothing outside the published contract in any answer or notification', async () => {
  await camara.delivered();
  assert.deepEqual(camara.violations, []);
});
