import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { registerSecurityHeaders } from './security-headers';

async function headersFor(env: Record<string, string>) {
  const app = Fastify();
  await registerSecurityHeaders(app, loadConfig({ NODE_ENV: 'test', ...env }));
  app.get('/', async () => 'ok');
  const response = await app.inject({ url: '/' });
  await app.close();
  return response.headers;
}

describe('security headers (ASVS 3.4.1, 3.4.8 / issue 20 F11)', () => {
  it('switches off the powerful features nobody uses, and grants video players only what they need', async () => {
    const policy = String((await headersFor({}))['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(policy).toContain(`${feature}=()`);
    expect(policy).toMatch(/fullscreen=\(self "https:\/\/www\.youtube-nocookie\.com"/);
    expect(policy).not.toMatch(/\*/);
  });

  it('sends HSTS for a year with subdomains when the public address is https', async () => {
    const headers = await headersFor({ PUBLIC_URL: 'https://skolportalen.exempelby.se' });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends no HSTS over plain http, nor with HSTS=false behind a proxy that sets it', async () => {
    expect((await headersFor({}))['strict-transport-security']).toBeUndefined();
    expect(
      (await headersFor({ PUBLIC_URL: 'http://localhost:3000' }))['strict-transport-security'],
    ).toBeUndefined();
    const proxied = await headersFor({
      PUBLIC_URL: 'https://skolportalen.exempelby.se',
      HSTS: 'false',
    });
    expect(proxied['strict-transport-security']).toBeUndefined();
  });
});
