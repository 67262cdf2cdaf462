import { sv } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer';
import { metricsListener } from '../src/http/metrics-route';
import { createTestApp, signInAs, testConfig, waitFor, type TestContext } from './harness';
import { startSmtpInbox } from './smtp-inbox';

/**
 * `/metrics` (decision 0047, docs/operations/metrics.md). The registry is the
 * process's, and other files in this worker count into it too, so every count
 * is checked as a difference across the requests made here.
 */
const token = 'skrapnyckel-for-prometheus-123';
const bearer = { authorization: `Bearer ${token}` };
const failingQueue = 'metrics-test-failing';

let t: TestContext;
let off: TestContext;
beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({
      env: { METRICS_TOKEN: token },
      beforeReady: (app) =>
        app.jobs.define({
          name: failingQueue,
          retryLimit: 0,
          backoff: false,
          expireInSeconds: 30,
          handler: async () => {
            throw new Error('fel med flit');
          },
        }),
    }),
    createTestApp({ demo: false }),
  ]);
});
afterAll(() => Promise.all([t?.close(), off?.close()]));

async function scrape(app = t.app) {
  const response = await app.inject({ url: '/metrics', headers: bearer });
  expect(response.statusCode).toBe(200);
  return response.body;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value of one series, `name{a="1",b="2"}` (labels in the order written), or 0 if absent. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}) {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const series = pairs.length ? `${name}{${pairs.join(',')}}` : name;
  const line = new RegExp(`^${escape(series)} (\\S+)$`, 'm').exec(text);
  return line ? Number(line[1]) : 0;
}

/** The value of the first series of `name` whose labels include all of `labels`. */
function valueWith(text: string, name: string, labels: Record<string, string>) {
  for (const match of text.matchAll(new RegExp(`^${escape(name)}\\{([^}]*)\\} (\\S+)$`, 'gm'))) {
    const has = Object.entries(labels).every(([key, value]) =>
      match[1]!.split(',').includes(`${key}="${value}"`),
    );
    if (has) return Number(match[2]);
  }
  return 0;
}

describe('who may read /metrics', () => {
  it('is not served at all without METRICS_TOKEN: a plain 404, not a page', async () => {
    const response = await off.app.inject({ url: '/metrics', headers: bearer });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });

  it('answers 401 without the token or with another, saying so in Swedish', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer fel-token-helt-och-hallet' },
      { authorization: token },
    ]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.json()).toEqual({
        code: 'METRICS_TOKEN_REQUIRED',
        message: sv.operations.metricsTokenRequired,
      });
      expect(response.body).not.toContain('skolportalen_');
    }
  });

  it('answers the Prometheus text format with the token', async () => {
    const response = await t.app.inject({ url: '/metrics', headers: bearer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('on its own listener with METRICS_PORT: /metrics with the token, nothing else', async () => {
    const listener = metricsListener({ token });
    try {
      expect((await listener.inject({ url: '/metrics', headers: bearer })).statusCode).toBe(200);
      expect((await listener.inject({ url: '/metrics' })).statusCode).toBe(401);
      const other = await listener.inject({ url: '/health' });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ code: 'NOT_FOUND', message: sv.errors.notFound });
    } finally {
      await listener.close();
    }
    const moved = await createTestApp({
      demo: false,
      env: { METRICS_TOKEN: token, METRICS_PORT: '9464' },
    });
    try {
      expect((await moved.app.inject({ url: '/metrics', headers: bearer })).statusCode).toBe(404);
    } finally {
      await moved.close();
    }
  });
});

describe('the series', () => {
  it('holds every named series and the process figures', async () => {
    await t.app.inject({ url: '/health' });
    const text = await scrape();
    for (const name of [
      'skolportalen_http_requests_total',
      'skolportalen_http_request_duration_seconds',
      'skolportalen_db_pool_connections',
      'skolportalen_db_query_duration_seconds',
      'skolportalen_job_queue_depth',
      'skolportalen_job_failures_total',
      'skolportalen_cache_requests_total',
      'skolportalen_sign_ins_total',
      'skolportalen_mail_total',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    for (const state of ['total', 'idle', 'waiting'])
      expect(text).toMatch(
        new RegExp(`^skolportalen_db_pool_connections\\{state="${state}"\\} \\d+$`, 'm'),
      );
    expect(valueOf(text, 'skolportalen_db_pool_connections', { state: 'total' })).toBeGreaterThan(
      0,
    );
  });

  it('counts and times requests by method, route pattern and status', async () => {
    const labels = { method: 'GET', route: '/health', status_code: '200' };
    const before = await scrape();
    await t.app.inject({ url: '/health' });
    await t.app.inject({ url: '/health' });
    await t.app.inject({ url: '/api/core/v1/link/123456789' });
    const after = await scrape();
    const count = (text: string) => valueOf(text, 'skolportalen_http_requests_total', labels);
    expect(count(after) - count(before)).toBe(2);
    const timed = (text: string) =>
      valueOf(text, 'skolportalen_http_request_duration_seconds_count', labels);
    expect(timed(after) - timed(before)).toBe(2);
    // A path with an id counts under its pattern, never under the id.
    expect(
      valueWith(after, 'skolportalen_http_requests_total', { route: '/api/core/v1/link/:id' }),
    ).toBeGreaterThan(0);
    expect(after).not.toContain('123456789');
  });

  it('times database statements', async () => {
    const before = valueOf(await scrape(), 'skolportalen_db_query_duration_seconds_count');
    expect((await t.app.inject({ url: '/ready' })).statusCode).toBe(200);
    const after = valueOf(await scrape(), 'skolportalen_db_query_duration_seconds_count');
    expect(after).toBeGreaterThan(before);
  });

  it('counts sign-ins and refusals, and the session cache hitting and missing', async () => {
    const signIn = (text: string, result: string) =>
      valueOf(text, 'skolportalen_sign_ins_total', { method: 'password', result });
    const sessions = (text: string, result: string) =>
      valueOf(text, 'skolportalen_cache_requests_total', { cache: 'sessions', result });
    const before = await scrape();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      payload: { username: 'eva.andersson', password: 'inte-lösenordet' },
    });
    expect(refused.statusCode).toBe(401);
    const cookie = await signInAs(t.app, 'eva.andersson');
    const afterSignIn = await scrape();
    expect(signIn(afterSignIn, 'refused') - signIn(before, 'refused')).toBe(1);
    expect(signIn(afterSignIn, 'success') - signIn(before, 'success')).toBe(1);

    const missesBefore = sessions(afterSignIn, 'miss');
    const hitsBefore = sessions(afterSignIn, 'hit');
    for (let i = 0; i < 3; i += 1) {
      const me = await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } });
      expect(me.statusCode).toBe(200);
    }
    const after = await scrape();
    // The first request resolves the session (a miss) and keeps it; the next two find it.
    expect(sessions(after, 'miss') - missesBefore).toBeGreaterThanOrEqual(1);
    expect(sessions(after, 'hit') - hitsBefore).toBeGreaterThanOrEqual(2);
  });

  it('counts kept answers found and made', async () => {
    const cookie = await signInAs(t.app, 'eva.andersson');
    const answers = (text: string, result: string) =>
      valueOf(text, 'skolportalen_cache_requests_total', { cache: 'answers', result });
    const before = await scrape();
    const tools = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/core/v1/GetLinks',
        headers: { cookie },
        payload: {},
      });
    expect((await tools()).statusCode).toBe(200);
    expect((await tools()).statusCode).toBe(200);
    const after = await scrape();
    expect(answers(after, 'miss') - answers(before, 'miss')).toBe(1);
    expect(answers(after, 'hit') - answers(before, 'hit')).toBe(1);
  });

  it('shows each queue’s depth and counts a failed job under its queue', async () => {
    const failures = (text: string) =>
      valueOf(text, 'skolportalen_job_failures_total', { queue: failingQueue });
    const before = await scrape();
    expect(before).toMatch(
      new RegExp(`^skolportalen_job_queue_depth\\{queue="${failingQueue}"\\} 0$`, 'm'),
    );
    await t.app.jobs.send(failingQueue, {});
    await waitFor(async () => failures(await scrape()) > failures(before), {
      what: 'the failed job to be counted',
    });
    expect(failures(await scrape()) - failures(before)).toBe(1);
  });

  it('counts mail sent and mail the server refused', async () => {
    const inbox = await startSmtpInbox();
    try {
      inbox.reject.add('finns.inte@exempelby.se');
      const mailer = createMailer(testConfig({ SMTP_URL: inbox.url }).mail);
      const mail = (text: string, result: string) =>
        valueOf(text, 'skolportalen_mail_total', { result });
      const before = await scrape();
      await mailer.session(async (send) => {
        expect(
          (await send({ to: 'anna.larsson@exempelby.se', subject: 'Hej', text: 'Hej' })).status,
        ).toBe('sent');
        expect(
          (await send({ to: 'finns.inte@exempelby.se', subject: 'Hej', text: 'Hej' })).status,
        ).toBe('rejected');
      });
      const after = await scrape();
      expect(mail(after, 'sent') - mail(before, 'sent')).toBe(1);
      expect(mail(after, 'failed') - mail(before, 'failed')).toBe(1);
    } finally {
      await inbox.close();
    }
  });
});
