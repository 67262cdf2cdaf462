import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';

const stockholmDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** "2026-11-21": the day a budget counts in, as the municipality's clock says. */
export function budgetDay(now: Date): string {
  return stockholmDay.format(now);
}

/**
 * Takes `characters` from the day's budget (TRANSLATION_DAILY_CHARACTERS),
 * counted in the database so every instance shares it: false, and nothing
 * taken, when they would not fit. One statement, so two instances never both
 * take the last of it.
 */
export async function reserveCharacters(
  db: Executor,
  day: string,
  characters: number,
  dailyLimit: number,
): Promise<boolean> {
  if (characters > dailyLimit) return false;
  const rows = await rowsOf<{ characters: number }>(
    db,
    sql`insert into translation_usage (day, characters) values (${day}, ${characters})
      on conflict (day) do update set characters = translation_usage.characters + excluded.characters
      where translation_usage.characters + excluded.characters <= ${dailyLimit}
      returning characters`,
  );
  return rows.length > 0;
}

/** Gives characters back when the provider did not translate them. */
export async function releaseCharacters(db: Executor, day: string, characters: number) {
  await db.execute(
    sql`update translation_usage set characters = greatest(characters - ${characters}, 0) where day = ${day}`,
  );
}
