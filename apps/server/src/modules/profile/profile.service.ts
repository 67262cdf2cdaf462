import {
  sv,
  type MySchoolsResponse,
  type NodeResponse,
  type updateUserRequest,
  type z,
} from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import { authorize } from '../../identity/authorize';
import { errors } from '../../http/errors';
import { loadAudience } from '../audience/audience.repo';
import { recordAudit } from '../audit/audit.repo';
import { presentNode } from '../nodes/nodes.repo';
import {
  findUserRow,
  interestsOf,
  mainSchoolOf,
  replaceInterests,
  saveMainSchool,
  saveOwnLanguage,
  schoolUnitsAmong,
  updateUserDetails,
} from './profile.repo';
import { profilePolicy } from './profile.policy';
import type { ContentLanguages } from '../translations/content-languages';

const texts = sv.toolsAndProfile;

/** Spec §5 User bounds are the schema's; here: only oneself, in one logged transaction. */
export async function updateOwnDetails(
  db: Database,
  actor: Actor,
  values: z.output<typeof updateUserRequest>,
  languages: ContentLanguages,
) {
  authorize(actor.user, profilePolicy.updateDetails, values.id);
  const language =
    values.preferredLanguage === undefined
      ? undefined
      : languages.orThrow(values.preferredLanguage, 'preferredLanguage').code;
  await db.transaction(async (tx) => {
    if (language !== undefined) await changeOwnLanguage(tx, actor, language);
    const before = await findUserRow(tx, actor.user.id);
    if (!before) throw errors.notFound();
    const after = { email: values.email, firstName: values.firstName, lastName: values.lastName };
    await updateUserDetails(tx, actor.user.id, after);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'user.details-updated',
      entityType: 'user',
      entityId: actor.user.id,
      before: { email: before.email, firstName: before.firstName, lastName: before.lastName },
      after,
      requestId: actor.requestId,
    });
  });
}

/**
 * The reader's language (issue 27), chosen or, without one, the question put
 * away; either way they are not asked again. Audited when it changes.
 */
async function changeOwnLanguage(tx: Executor, actor: Actor, language: string | undefined) {
  const before = await findUserRow(tx, actor.user.id);
  if (!before) throw errors.notFound();
  await saveOwnLanguage(tx, actor.user.id, language);
  if (language !== undefined && language !== before.preferredLanguage) {
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'user.language',
      entityType: 'user',
      entityId: actor.user.id,
      before: { preferredLanguage: before.preferredLanguage },
      after: { preferredLanguage: language },
      requestId: actor.requestId,
    });
  }
}

/** PUT /user/language. */
export async function setOwnLanguage(
  db: Database,
  actor: Actor,
  asked: string | undefined,
  languages: ContentLanguages,
) {
  const language =
    asked === undefined ? undefined : languages.orThrow(asked, 'preferredLanguage').code;
  await db.transaction((tx) => changeOwnLanguage(tx, actor, language));
  const row = await findUserRow(db, actor.user.id);
  if (!row) throw errors.notFound();
  return { preferredLanguage: row.preferredLanguage, languageAsked: row.languageAskedAt !== null };
}

/** The school units a user belongs to, directly or through a class or group. */
async function schoolsOf(db: Executor, userId: number) {
  const audience = await loadAudience(db, userId);
  return schoolUnitsAmong(db, audience.nodeIds);
}

export async function mySchools(db: Executor, userId: number): Promise<MySchoolsResponse> {
  const [schools, main] = await Promise.all([schoolsOf(db, userId), mainSchoolOf(db, userId)]);
  return {
    schools: schools.map(presentNode),
    // A main school the user has since left no longer counts.
    mainSchoolNodeId: schools.some((school) => school.id === main) ? main : null,
  };
}

export async function chooseMainSchool(db: Database, actor: Actor, nodeId: number) {
  await db.transaction(async (tx) => {
    const schools = await schoolsOf(tx, actor.user.id);
    if (!schools.some((school) => school.id === nodeId)) {
      throw errors.validation([{ field: 'nodeId', message: texts.mySchools.notYourSchool }]);
    }
    await saveMainSchool(tx, actor.user.id, nodeId);
  });
}

export async function myInterests(db: Executor, userId: number): Promise<NodeResponse[]> {
  return (await interestsOf(db, userId)).map((row) => presentNode(row.node));
}

export async function setInterests(db: Database, actor: Actor, given: readonly number[]) {
  authorize(actor.user, profilePolicy.setInterests);
  const nodeIds = [...new Set(given)];
  await db.transaction(async (tx) => {
    const units = await schoolUnitsAmong(tx, nodeIds);
    if (units.length !== nodeIds.length) {
      throw errors.validation([{ field: 'nodeIds', message: texts.interests.notSchoolUnit }]);
    }
    await replaceInterests(tx, actor.user.id, nodeIds);
  });
}
