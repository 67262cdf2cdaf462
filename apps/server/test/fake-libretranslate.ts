import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a LibreTranslate server on a free local port, speaking its
 * API as LibreTranslate does: POST /translate (JSON, `q` a text or a list,
 * `source`, `target`, `format` text or html, `api_key`), GET /languages, and
 * its refusals as `{ "error": "…" }` — 400 for a bad request or a language
 * it lacks, 403 for a missing or wrong key, 429 over its rate limit, 500
 * when translating fails. It "translates" by marking every text with the
 * target language ("[so] Hej"), leaving the markup as it was.
 */
export interface FakeLibreTranslate {
  url: string;
  /** The bodies of the /translate requests it answered or refused. */
  requests: Record<string, unknown>[];
  /** Requests per minute before 429 (LibreTranslate's --req-limit); default none. */
  requestLimit: number | null;
  /** Answer every translation with this instead (a provider gone bad). */
  answerWith: ((text: string, target: string) => string) | null;
  /** Fail the next translations with a 500, as a crashed model does. */
  failNext: number;
  close(): Promise<void>;
}

export const fakeLanguages = ['sv', 'en', 'ar', 'so', 'fa', 'uk', 'pl', 'es', 'tr', 'fi'];

/** Marks each text between tags, so markup stays as it was sent. */
export function fakeTranslation(text: string, target: string, format: string): string {
  if (format !== 'html') return `[${target}] ${text}`;
  return text.replace(/(^|>)([^<]+)/g, (_, before: string, words: string) =>
    words.trim() === '' ? `${before}${words}` : `${before}[${target}] ${words}`,
  );
}

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    return JSON.parse(text) as Record<string, unknown>;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeLibreTranslate(
  options: { apiKey?: string } = {},
): Promise<FakeLibreTranslate> {
  let windowStart = Date.now();
  let inWindow = 0;
  const fake: FakeLibreTranslate = {
    url: '',
    requests: [],
    requestLimit: null,
    answerWith: null,
    failNext: 0,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'GET' && request.url === '/languages') {
        return send(
          response,
          200,
          fakeLanguages.map((code) => ({ code, name: code, targets: fakeLanguages })),
        );
      }
      if (request.method !== 'POST' || request.url !== '/translate') {
        return send(response, 404, { error: 'Not Found' });
      }
      const body = await bodyOf(request).catch(() => null);
      if (!body) return send(response, 400, { error: 'Invalid request: malformed JSON' });
      fake.requests.push(body);
      if (Date.now() - windowStart > 60_000) {
        windowStart = Date.now();
        inWindow = 0;
      }
      inWindow += 1;
      if (fake.requestLimit !== null && inWindow > fake.requestLimit) {
        return send(response, 429, { error: 'Too many request limits violations' });
      }
      if (options.apiKey !== undefined && body.api_key !== options.apiKey) {
        return send(response, 403, {
          error: 'Invalid API key',
        });
      }
      for (const name of ['q', 'source', 'target']) {
        if (body[name] === undefined || body[name] === '') {
          return send(response, 400, { error: `Invalid request: missing ${name} parameter` });
        }
      }
      const { q, source, target } = body as { q: unknown; source: string; target: string };
      const format = (body.format as string | undefined) ?? 'text';
      for (const language of [source, target]) {
        if (language !== 'auto' && !fakeLanguages.includes(language)) {
          return send(response, 400, { error: `${language} is not supported` });
        }
      }
      if (fake.failNext > 0) {
        fake.failNext -= 1;
        return send(response, 500, { error: 'Cannot translate text: model not loaded' });
      }
      const one = (text: string) =>
        fake.answerWith ? fake.answerWith(text, target) : fakeTranslation(text, target, format);
      if (Array.isArray(q))
        return send(response, 200, { translatedText: q.map((text) => one(String(text))) });
      return send(response, 200, { translatedText: one(String(q)) });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
