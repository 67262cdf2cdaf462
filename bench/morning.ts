/**
 * The school morning (issue 31): thousands of distinct people of the bench
 * municipality (municipality-seed.ts) each open the start page once, as a
 * browser does on its first visit of the day: "/" with its first answers
 * inside, then the API calls the app still makes. Sign-in is not part of it:
 * every person's sign-in token is issued beforehand, straight into the
 * database, so the page is measured on its own (`npm run bench` measures
 * sign-in by itself).
 *
 * What the app still asks for after "/" was read off Chromium opening the
 * demo's start page (Playwright, every request logged): every first answer
 * the page came without (the server leaves out what is not ready within
 * FIRST_SCREEN_WAIT_MS), the analytics setting among them (asked without
 * cookies), including those that depend on the reader: favourites for a teacher, the
 * content languages for a guardian still to be asked for hers, "Mina
 * dokument" with the document area. The scripts, styles and pictures are
 * left out: their addresses carry their content's hash and are kept a year,
 * so a browser has them from the day before.
 *
 * Reports pages a second, the latency of a whole page (p50/p95/p99, from
 * sending "/" to the last answer), the CPU per page of the server and of the
 * database (PostgreSQL's backends; PGlite runs inside the server) and, on
 * PostgreSQL, the database transactions per page (each statement outside a
 * transaction is one).
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  analyticsSettingRequest,
  answerJson,
  contentLanguagesRequest,
  favoritesRequest,
  firstScreenDataId,
  readerRequests,
  startPageRequests,
  type FirstScreenAnswer,
  type FirstScreenReader,
  type FirstScreenRequest,
} from '@skolportalen/shared/start-page';

/** One person of the morning: the account and the session cookie its browser sends. */
export interface MorningPerson {
  userId: number;
  /** The sign-in token issued for the run (`removeMorningTokens`). */
  tokenId: string;
  kind: 'pupil' | 'guardian' | 'teacher' | 'employee';
  cookie: string;
}

export type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

/** The secret of a person's bench token: 43 base64url characters, like the portal's own. */
function secretFor(run: string, userId: number) {
  return createHash('sha256').update(`morning:${run}:${userId}`).digest('base64url');
}

/**
 * Picks `count` bench people spread evenly over the municipality (so pupils,
 * guardians, teachers and employees come in the municipality's proportions)
 * and issues each a sign-in token valid for two hours.
 */
export async function issueMorningTokens(
  query: Query,
  count: number,
  cookieName: string,
): Promise<MorningPerson[]> {
  // Earlier runs' tokens, ended or left by a run that was stopped, go first: the table the
  // session's statement reads stays the size of one run.
  await query(
    `delete from tokens t using users u
      where u.id = t.user_id and u.external_id like 'bench-%' and t.expires < now()`,
  );
  const people = await query<{ id: number; role: string }>(
    `select u.id, r.key as role
       from users u
       join user_roles ur on ur.user_id = u.id
       join roles r on r.id = ur.role_id
      where u.external_id like 'bench-%'
        and r.key in ('role_student', 'role_caretaker', 'role_teacher', 'role_employee')
      order by u.id`,
  );
  if (people.length < count) throw new Error(`only ${people.length} bench people for ${count}`);
  const step = people.length / count;
  const chosen = Array.from({ length: count }, (_, i) => people[Math.floor(i * step)]!);
  const run = randomUUID();
  const kinds: Record<string, MorningPerson['kind']> = {
    role_student: 'pupil',
    role_caretaker: 'guardian',
    role_teacher: 'teacher',
    role_employee: 'employee',
  };
  const result: MorningPerson[] = [];
  for (let at = 0; at < chosen.length; at += 500) {
    const batch = chosen.slice(at, at + 500);
    const values: unknown[] = [];
    const rows = batch.map((person, i) => {
      const id = randomUUID();
      const secret = secretFor(run, person.id);
      values.push(id, person.id, createHash('sha256').update(secret).digest('hex'));
      result.push({
        userId: person.id,
        tokenId: id,
        kind: kinds[person.role]!,
        cookie: `${cookieName}=${encodeURIComponent(JSON.stringify({ tokens: [secret], active: 0 }))}`,
      });
      const p = i * 3;
      return `($${p + 1}::uuid, $${p + 1}::uuid, $${p + 2}::int, $${p + 2}::int, $${p + 2}::int, $${p + 3}, 'login', now() + interval '2 hours')`;
    });
    await query(
      `insert into tokens (id, session_id, user_id, signed_in_user_id, origin_user_id, token_hash, type, expires)
       values ${rows.join(', ')}`,
      values,
    );
  }
  return result;
}

/** The run's tokens, removed when it ends, so the bench database does not grow by a run's worth. */
export async function removeMorningTokens(query: Query, people: readonly MorningPerson[]) {
  await query('delete from tokens where id = any($1::uuid[])', [
    people.map((person) => person.tokenId),
  ]);
}

/**
 * The API calls the app makes without cookies after "/" when the page did
 * not carry their answers: the analytics setting.
 */
export function followUps(answered: ReadonlySet<string>): string[] {
  const setting = analyticsSettingRequest.url;
  return answered.has(`GET ${setting} `) ? [] : [setting];
}

/**
 * What the app asks for depending on who the reader is, when the page did not
 * carry the user to decide from: favourites for teachers and employees, the
 * content languages for guardians (still to be asked for theirs).
 */
function readerRequestsByKind(kind: MorningPerson['kind']): FirstScreenRequest[] {
  if (kind === 'teacher' || kind === 'employee') return [favoritesRequest];
  if (kind === 'guardian') return [contentLanguagesRequest];
  return [];
}

interface Answer {
  status: number;
  body: Buffer;
  encoding: string | undefined;
}

function send(
  agent: http.Agent,
  port: number,
  cookie: string,
  call: { method: 'GET' | 'POST'; path: string; body?: string; page?: boolean },
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: call.method,
        path: call.path,
        headers: {
          ...(cookie ? { cookie } : {}),
          accept: call.page ? 'text/html' : 'application/json',
          'accept-encoding': 'br, gzip',
          'sec-fetch-site': call.page ? 'none' : 'same-origin',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) morning-bench',
          ...(call.body === undefined
            ? {}
            : { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            encoding: response.headers['content-encoding'],
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(call.body);
  });
}

/** One answer's head in the page's data block, and where its JSON lies in the block's bytes. */
interface AnswerHead {
  key: string;
  url: string;
  /** Where its own JSON lies; absent for one that names an earlier answer's field (`same`). */
  json?: { start: number; end: number };
  same?: [number, string];
}

const blockOpening = Buffer.from(`id="${firstScreenDataId}">`);
const blockClosing = Buffer.from('</script>');
/** How the server writes each answer (first-screen.ts `answerText`): its head, then `"json":` or `"same":`. */
const headOpening = Buffer.from('{"method":"');
const jsonField = Buffer.from(',"json":');

const answerKey = (method: string, url: string, body?: string) => `${method} ${url} ${body ?? ''}`;

/**
 * The heads of the answers in the page's data block, read from its bytes
 * without decoding or parsing the answers themselves: what a browser's
 * network layer needs to decide its next requests. The answers' JSON is the
 * app's to read on the reader's own machine; here it would only take the
 * cores the portal is measured on (0.3–0.5 ms a page).
 */
export function answerHeads(html: Buffer): AnswerHead[] {
  const opening = html.indexOf(blockOpening);
  if (opening === -1) return [];
  const start = opening + blockOpening.length;
  const end = html.indexOf(blockClosing, start);
  const heads: AnswerHead[] = [];
  let at = html.indexOf(headOpening, start);
  while (at !== -1 && at < end) {
    const following = html.indexOf(headOpening, at + headOpening.length);
    const next = following !== -1 && following < end ? following : -1;
    // The answer runs to its closing brace: before `,{"method":"` or the block's closing `]`.
    const answerEnd = next !== -1 ? next - 1 : end - 1;
    const json = html.indexOf(jsonField, at);
    const own = json !== -1 && json < answerEnd;
    const head = JSON.parse(
      own ? `${html.toString('utf8', at, json)}}` : html.toString('utf8', at, answerEnd),
    ) as { method: string; url: string; body?: string; same?: [number, string] };
    heads.push({
      key: answerKey(head.method, head.url, head.body),
      url: head.url,
      ...(own ? { json: { start: json + jsonField.length, end: answerEnd - 1 } } : {}),
      ...(head.same ? { same: head.same } : {}),
    });
    at = next;
  }
  return heads;
}

/** The page as the server sent it, decompressed. */
function pageBytes(page: Answer): Buffer {
  return page.encoding === 'br'
    ? brotliDecompressSync(page.body)
    : page.encoding === 'gzip'
      ? gunzipSync(page.body)
      : page.body;
}

/**
 * The first screen's requests the page came without: the app sends them
 * itself. Those that depend on the reader are decided from the user answer
 * in the page, as the server decides them, or by the kind of person. Only
 * the user answer is parsed.
 */
export function missingFirstAnswers(
  page: Answer,
  kind: MorningPerson['kind'],
): { missing: FirstScreenRequest[]; answered: Set<string> } {
  const html = pageBytes(page);
  const heads = answerHeads(html);
  const answered = new Set(heads.map((head) => head.key));
  const [userRequest] = startPageRequests();
  const userHead = heads.find((head) => head.url === userRequest!.url);
  const user = userHead?.json
    ? (JSON.parse(
        html.toString('utf8', userHead.json.start, userHead.json.end),
      ) as FirstScreenReader)
    : undefined;
  const wanted = [
    ...startPageRequests(),
    ...(user ? readerRequests(user) : readerRequestsByKind(kind)),
  ];
  const missing = wanted.filter((request) => {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    return !answered.has(answerKey(request.method, request.url, body));
  });
  return { missing, answered };
}

/**
 * The whole data block parsed, as the app reads it: on the warm-up pages,
 * the heads read from the bytes must name the same answers, and each
 * answer's JSON must be where the heads say it is.
 */
function checkAnswerHeads(page: Answer) {
  const html = pageBytes(page);
  const text = html.toString('utf8');
  const block = new RegExp(`id="${firstScreenDataId}">(.*?)</script>`, 's').exec(text);
  const answers = block ? (JSON.parse(block[1]!) as FirstScreenAnswer[]) : [];
  const heads = answerHeads(html);
  const jsonOf = (head: AnswerHead): unknown => {
    if (head.json) return JSON.parse(html.toString('utf8', head.json.start, head.json.end));
    const [at, field] = head.same!;
    return (jsonOf(heads[at]!) as Record<string, unknown>)[field];
  };
  const same =
    heads.length === answers.length &&
    answers.every((answer, i) => {
      const head = heads[i]!;
      return (
        head.key === answerKey(answer.method, answer.url, answer.body) &&
        JSON.stringify(jsonOf(head)) === JSON.stringify(answerJson(answers, answer))
      );
    });
  if (!same) throw new Error("the answers' heads read from the page differ from its data block");
}

/**
 * CPU time (user + system, ms) a process and the processes it started (PORTAL_PROCESSES) have
 * used so far; 0 for one that is gone.
 */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
    return (
      (Number(fields[11]) + Number(fields[12])) * 10 +
      children.reduce((sum, child) => sum + cpuMs(child), 0)
    );
  } catch {
    return 0;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 10) /
      10;

export interface MorningOptions {
  port: number;
  serverPid: number;
  /** The database's own processes (PostgreSQL backends); none for PGlite. */
  backends: () => Promise<number[]>;
  /** The database's committed transactions so far (PostgreSQL), for calls per page. */
  transactions?: () => Promise<number>;
  people: MorningPerson[];
  /** Pages in flight at once: people opening the page at the same moment. */
  connections: number;
  /** The first pages warm the server (JIT, prepared statements) and are not counted. */
  warmUp: number;
}

/** Opens each person's start page once, `connections` at a time, and measures the pages. */
export async function runMorning(options: MorningOptions) {
  const { port, people, connections, warmUp } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections * 3 });
  let next = 0;
  const failures = new Map<string, number>();
  const latencies: number[] = [];
  let pageBytes = 0;
  let requests = 0;
  let pagesWithoutAll = 0;

  const openPage = async (person: MorningPerson, counted: boolean) => {
    const started = performance.now();
    const page = await send(agent, port, person.cookie, { method: 'GET', path: '/', page: true });
    if (!counted && page.status === 200) checkAnswerHeads(page);
    const { missing, answered } = missingFirstAnswers(page, person.kind);
    if (counted && missing.length > 0) pagesWithoutAll++;
    const rest = await Promise.all([
      ...missing.map((wanted) =>
        send(agent, port, person.cookie, {
          method: wanted.method,
          path: wanted.url,
          ...(wanted.body === undefined ? {} : { body: JSON.stringify(wanted.body) }),
        }),
      ),
      ...followUps(answered).map((path) => send(agent, port, '', { method: 'GET', path })),
    ]);
    const elapsed = performance.now() - started;
    for (const answer of [page, ...rest]) {
      if (answer.status !== 200) {
        const key = String(answer.status);
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
    if (!counted) return;
    latencies.push(elapsed);
    pageBytes += page.body.length;
    requests += 1 + rest.length;
  };

  const worker = async (counted: boolean, until: number) => {
    while (next < until) {
      const person = people[next++]!;
      await openPage(person, counted);
    }
  };

  await Promise.all(Array.from({ length: connections }, () => worker(false, warmUp)));
  const pids = await options.backends();
  const before = {
    server: cpuMs(options.serverPid),
    db: pids.map(cpuMs),
    transactions: (await options.transactions?.()) ?? 0,
  };
  const started = performance.now();
  const clientBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: connections }, () => worker(true, people.length)));
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const transactions = ((await options.transactions?.()) ?? 0) - before.transactions;
  const pages = latencies.length;
  const serverMs = (cpuMs(options.serverPid) - before.server) / pages;
  const dbMs =
    pids.reduce((sum, pid, i) => sum + Math.max(0, cpuMs(pid) - before.db[i]!), 0) / pages;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    people: pages,
    connections,
    seconds: Math.round(seconds * 10) / 10,
    pagesPerSecond: Math.round((pages / seconds) * 10) / 10,
    requestsPerPage: Math.round((requests / pages) * 100) / 100,
    /** Pages sent before all their first answers were ready: the app asked for the rest. */
    pagesWithoutAllFirstAnswers: pagesWithoutAll,
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    },
    cpuMsPerPage: {
      server: Math.round(serverMs * 100) / 100,
      database: Math.round(dbMs * 100) / 100,
      /**
       * This process's own (sending, decompressing and reading the pages), on the same cores:
       * what a browser spends on its reader's machine.
       */
      client: Math.round(((client.user + client.system) / 1000 / pages) * 100) / 100,
    },
    ...(options.transactions
      ? { databaseTransactionsPerPage: Math.round((transactions / pages) * 10) / 10 }
      : {}),
    pageKbCompressed: Math.round(pageBytes / pages / 102.4) / 10,
    failures: Object.fromEntries(failures),
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  };
}

/** The morning's figures as a Markdown table, one row per database. */
export function morningTable(
  runs: { database: string; morning?: Awaited<ReturnType<typeof runMorning>> }[],
) {
  const lines = [
    '| database | people | at once | pages/s | p50 ms | p95 ms | p99 ms | CPU ms/page (server + db) | client CPU ms/page | db transactions/page | requests/page | pages short of first answers | page kB (br) | failures | load average |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const { database, morning: m } of runs) {
    if (!m) continue;
    lines.push(
      `| ${database} | ${m.people} | ${m.connections} | ${m.pagesPerSecond} | ${m.latencyMs.p50} | ${m.latencyMs.p95} | ${m.latencyMs.p99} | ${m.cpuMsPerPage.server} + ${m.cpuMsPerPage.database} | ${m.cpuMsPerPage.client} | ${m.databaseTransactionsPerPage ?? '—'} | ${m.requestsPerPage} | ${m.pagesWithoutAllFirstAnswers} | ${m.pageKbCompressed} | ${JSON.stringify(m.failures)} | ${m.loadAverage} |`,
    );
  }
  return lines.join('\n');
}
