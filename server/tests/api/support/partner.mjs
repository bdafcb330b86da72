// A partner for the tests (issue 72 item 7): the third party that tells a partner tenant's storefront its sign-in ways
// (docs/contracts.md "Partner sign-in options"; commerce §7 getPartnerLoginOptions(url, locale, tenant)). It answers
// GET <path>?lang=&tenant= with what the test sets, and records every request as it arrived, for the test to check the
// portal's traffic against the contract: one GET, the locale and the tenant in the query, JSON asked for, and nothing of
// the portal's own (no cookie, no bearer, no tenant header, no body).
//
//   const partner = await startPartner();  partner.url;  partner.answer = (request) => ({ status, type, body });
//   partner.requests: [{ method, path, query, headers, body }];  partner.stop().
import http from 'node:http';

export async function startPartner() {
  const partner = {
    requests: [],
    // The default answer: the partner's own sign-in first, named in the asked language, then e-mail.
    answer: ({ query }) => ({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: JSON.stringify({ partner: { label: query.lang === 'de' ? 'Mit Vela-ID anmelden' : 'Sign in with Vela ID' }, email: true, operator: false }),
    }),
  };
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url, 'http://partner.test');
      const recorded = {
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        queryKeys: [...url.searchParams.keys()],
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      partner.requests.push(recorded);
      const { status, type, body, delayMs = 0 } = partner.answer(recorded);
      setTimeout(() => {
        response.writeHead(status, type ? { 'content-type': type } : {});
        response.end(body ?? '');
      }, delayMs);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  partner.url = `http://127.0.0.1:${server.address().port}`;
  partner.stop = () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
  return partner;
}
