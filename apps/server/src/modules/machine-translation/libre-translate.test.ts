import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libreTranslate } from './libre-translate';
import { TranslationProviderError } from './translation-provider';

/**
 * The client against recorded LibreTranslate answers: it sends what the API
 * asks for and reads what it answers, refusals included.
 */
interface Exchange {
  name: string;
  request: { q: string[]; source: string; target: string; format: string; api_key: string };
  status: number;
  response: unknown;
}
const { exchanges } = JSON.parse(
  readFileSync(new URL('./libre-translate.recorded.json', import.meta.url), 'utf8'),
) as { exchanges: Exchange[] };

let answering: Exchange;
let received: { method?: string; url?: string; type?: string; body: unknown }[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      method: request.method,
      url: request.url,
      type: request.headers['content-type'],
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    });
    response.writeHead(answering.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answering.response));
  });
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function exchange(name: string) {
  answering = exchanges.find((item) => item.name === name)!;
  received = [];
  const client = libreTranslate({ url, apiKey: 'xyz', timeoutMs: 5000 });
  const result = await client
    .translate(answering.request.q, answering.request.source, answering.request.target)
    .then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
  expect(received).toEqual([
    { method: 'POST', url: '/translate', type: 'application/json', body: answering.request },
  ]);
  return result;
}

describe('the LibreTranslate client', () => {
  it('sends HTML fragments as a list and reads the list it answers', async () => {
    expect(await exchange('a list of HTML fragments')).toEqual({
      value: ['<p>Hello <strong>everyone</strong></p>', 'School starts'],
    });
  });

  it.each([
    ['a key it does not know', 'refused'],
    ['over the rate limit', 'busy'],
    ['a language it lacks', 'language'],
    ['a failing model', 'failed'],
  ])('reads %s as %s', async (name, failure) => {
    const { error } = (await exchange(name)) as { error: TranslationProviderError };
    expect(error).toBeInstanceOf(TranslationProviderError);
    expect(error.failure).toBe(failure);
    expect(error.message).toContain((answering.response as { error: string }).error);
  });

  it('refuses an answer of another shape than asked for', async () => {
    answering = { ...exchanges[0]!, response: { translatedText: 'one text for two' } };
    const client = libreTranslate({ url, apiKey: null, timeoutMs: 5000 });
    await expect(client.translate(['a', 'b'], 'sv', 'en')).rejects.toMatchObject({
      failure: 'failed',
    });
  });
});
