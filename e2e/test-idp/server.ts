/**
 * The test identity provider for the end-to-end suite: a real HTTP SAML IdP
 * that signs its responses with a key it makes at start. It writes its
 * certificate where the portal's start command reads it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { buildResponse, createIdpKeys, readAuthnRequest } from '../../apps/server/test/saml-idp';

const port = Number(process.env.IDP_PORT ?? 3150);
const portalUrl = process.env.PORTAL_URL ?? 'http://localhost:3100';
const certFile = path.resolve(import.meta.dirname, '../.artifacts/idp-cert.pem');

const keys = await createIdpKeys();
mkdirSync(path.dirname(certFile), { recursive: true });
writeFileSync(certFile, keys.cert);

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

async function formBody(request: IncomingMessage) {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  return new URLSearchParams(raw);
}

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://localhost:${port}`);
  const html = (status: number, content: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(content);
  };

  if (url.pathname === '/health') return html(200, 'ok');

  if (request.method === 'GET' && url.pathname === '/sso') {
    const authn = readAuthnRequest(url.toString());
    return html(
      200,
      page(
        'Testinloggning',
        `<form method="post" action="/sso/answer">
          <label for="uid">Användar-id hos test-IdP</label>
          <input id="uid" name="uid" autocomplete="off">
          <input type="hidden" name="requestId" value="${escape(authn.id)}">
          <input type="hidden" name="acsUrl" value="${escape(authn.acsUrl)}">
          <input type="hidden" name="relayState" value="${escape(authn.relayState ?? '/')}">
          <button type="submit">Logga in hos test-IdP</button>
        </form>`,
      ),
    );
  }

  if (request.method === 'POST' && url.pathname === '/sso/answer') {
    const form = await formBody(request);
    const acsUrl = form.get('acsUrl') ?? '';
    const samlResponse = buildResponse({
      keys,
      uid: form.get('uid') ?? '',
      audience: `${portalUrl}/api/portal-service/v1/saml/metadata`,
      recipient: acsUrl,
      inResponseTo: form.get('requestId') ?? '',
    });
    return html(
      200,
      page(
        'Skickar dig tillbaka',
        `<form method="post" action="${escape(acsUrl)}">
          <input type="hidden" name="SAMLResponse" value="${escape(samlResponse)}">
          <input type="hidden" name="RelayState" value="${escape(form.get('relayState') ?? '/')}">
          <button type="submit">Fortsätt till Skolportalen</button>
        </form>`,
      ),
    );
  }

  if (request.method === 'GET' && url.pathname === '/slo') {
    const relayState = url.searchParams.get('RelayState') ?? '/login';
    response.writeHead(303, { location: new URL(relayState, portalUrl).toString() });
    return response.end();
  }

  html(404, page('Finns inte', ''));
}).listen(port, () => console.log(`test IdP on http://localhost:${port}`));
