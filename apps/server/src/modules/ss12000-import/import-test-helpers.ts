import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import type { TestContext } from '../../../test/harness';
import {
  accountLinks,
  categoryNodes,
  importRuns,
  nodes,
  userCategories,
  userNodes,
  userRoles,
  users,
} from '../../db/schema';
import { samplePath } from './sample/generate-sample';

/** A fresh copy of the sample file, to change freely in a test. */
export function sampleFile(): {
  organisations: Record<string, unknown>[];
  groups: {
    id: string;
    displayName: string;
    groupType: string;
    groupMemberships: { person: { id: string } }[];
  }[];
  persons: Record<string, unknown>[];
  duties: Record<string, unknown>[];
} {
  return JSON.parse(readFileSync(samplePath, 'utf8'));
}

/** Row counts of everything the import may touch: equal snapshots mean nothing changed. */
export async function snapshot(t: TestContext) {
  const tables = {
    users,
    userNodes,
    nodes,
    accountLinks,
    userRoles,
    categoryNodes,
    userCategories,
    importRuns,
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.db.select({ value: count() }).from(table);
    result[name] = row!.value;
  }
  return result;
}

export async function waitForRun(t: TestContext, cookie: string, id: number) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const run = (
      await t.app.inject({ url: `/api/core/v1/ss12000-import/${id}`, headers: { cookie } })
    ).json();
    if (run.state === 'succeeded' || run.state === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import run ${id} did not finish`);
}
