import { protectedIdentityName } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { personColumns, personShown, type IdentityScope } from '../../identity/protected-identity';

/** What an audit entry says beyond who made it: the fields the reading side may have to change. */
export interface AuditContent {
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** The protected people a reader may not see, and how an entry is read without them. */
export interface HiddenPeople {
  /** The entry with every trace of them left out (or the entry itself, when it has none). */
  entry<E extends AuditContent>(entry: E): E;
  /** Whether a text names one of them (a filter on it would tell the reader that they exist). */
  names(text: string): boolean;
}

interface HiddenPerson {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string | null;
  uid: string;
}

/** Keys under which an object of an entry carries the person it is about. */
const personIdKeys = ['userId', 'user_id', 'personId', 'person_id'];
/** Keys only a person has: an object with one of them and an `id` is that person. */
const personKeys = ['firstName', 'lastName', 'first_name', 'last_name', 'username', 'email'];
/** A person's name in an object of an entry: "Skyddad identitet" for a hidden person. */
const nameKeys = ['firstName', 'lastName', 'first_name', 'last_name', 'name', 'fullName'];
/** What identifies a person in an object of an entry: left out for a hidden person. */
const identifierKeys = ['username', 'email', 'uid', 'externalId', 'external_id'];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const plain = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');
const idOf = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^\d{1,10}$/.test(value))
    ? Number(value)
    : null;

const nobodyHidden: HiddenPeople = { entry: (entry) => entry, names: () => false };

function userEntityId(entry: AuditContent) {
  return entry.entityType === 'user' && entry.entityId && /^\d{1,10}$/.test(entry.entityId)
    ? Number(entry.entityId)
    : null;
}

/**
 * The audit log as a reader without the right to see protected people reads
 * it (decision 0039). Entries written before the decision, and entries about
 * someone else that quote a protected person (a guardian's record listing
 * children, a course's attendees, a sign-in tried with their username), may
 * hold their name, username, uid or e-mail anywhere in `before`, `after` or
 * the entity id. Such an entry is read with:
 * - nothing of what it changed, when it is about a hidden person;
 * - an object that carries a hidden person (by `userId`, by an `id` beside a
 *   person's fields, or by their first and last name together) named
 *   "Skyddad identitet", without username, uid or e-mail;
 * - every text that is one of their names, or holds their full name,
 *   username, uid or e-mail, with that part read "Skyddad identitet".
 * One query, and only while the reader cannot see everyone; nothing to do
 * when no protected person is hidden from them.
 */
export async function hiddenPeopleFor(db: Executor, scope: IdentityScope): Promise<HiddenPeople> {
  if (scope.kind === 'all') return nobodyHidden;
  const people = await rowsOf<HiddenPerson>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.username, u.email, u.uid from users u
      where u.security_marking <> 'Ingen' and not ${personShown(scope, personColumns('u'))}`,
  );
  if (people.length === 0) return nobodyHidden;

  const ids = new Set(people.map((person) => Number(person.id)));
  const fullName = (first: unknown, last: unknown) =>
    plain(first) && plain(last) ? `${plain(first)} ${plain(last)}` : null;
  const fullNames = new Set(
    people.flatMap((person) => fullName(person.first_name, person.last_name) ?? []),
  );
  /** Texts that name a hidden person when they are the whole value: a first or last name too. */
  const wholeValues = new Set<string>();
  /** Texts that name a hidden person wherever they stand in a longer text. */
  const inText = new Set<string>();
  for (const person of people) {
    const [first, last] = [plain(person.first_name), plain(person.last_name)];
    for (const name of [first, last]) if (name.length >= 2) wholeValues.add(name);
    for (const trace of [
      ...(first && last ? [`${first} ${last}`, `${last} ${first}`, `${last}, ${first}`] : []),
      plain(person.username),
      plain(person.email),
      plain(person.uid),
    ]) {
      // A number alone (a numeric uid) cannot be told from any other id in an entry.
      if (trace.length < 3 || /^\d+$/.test(trace)) continue;
      wholeValues.add(trace);
      inText.add(trace);
    }
  }
  // Longest first, so a full name or an address goes as one; a name is bounded by what is no letter.
  const pattern = inText.size
    ? new RegExp(
        `(?<![\\p{L}\\p{N}_])(?:${[...inText]
          .sort((a, b) => b.length - a.length)
          .map(escaped)
          .join('|')})(?![\\p{L}\\p{N}_])`,
        'giu',
      )
    : null;
  const text = (value: string) => {
    if (wholeValues.has(value.trim().toLowerCase())) return protectedIdentityName;
    return pattern ? value.replace(pattern, protectedIdentityName) : value;
  };
  const names = (value: string) => text(value) !== value;

  const isHidden = (id: number | null) => id !== null && ids.has(id);
  const isHiddenPerson = (object: Record<string, unknown>) =>
    personIdKeys.some((key) => isHidden(idOf(object[key]))) ||
    (isHidden(idOf(object.id)) && personKeys.some((key) => key in object)) ||
    fullNames.has(
      fullName(object.firstName ?? object.first_name, object.lastName ?? object.last_name) ?? '',
    );

  const value = (content: unknown): unknown => {
    if (typeof content === 'string') return text(content);
    if (Array.isArray(content)) return content.map(value);
    if (content === null || typeof content !== 'object') return content;
    const object = content as Record<string, unknown>;
    const hidden = isHiddenPerson(object);
    return Object.fromEntries(
      Object.entries(object).map(([key, field]) => {
        if (hidden && nameKeys.includes(key)) return [key, protectedIdentityName];
        if (hidden && identifierKeys.includes(key)) return [key, null];
        return [text(key), value(field)];
      }),
    );
  };

  return {
    entry: (entry) => {
      const about = userEntityId(entry);
      if (about !== null && ids.has(about)) return { ...entry, before: null, after: null };
      return {
        ...entry,
        entityId: entry.entityId === null ? null : text(entry.entityId),
        before: value(entry.before),
        after: value(entry.after),
      };
    },
    names,
  };
}
