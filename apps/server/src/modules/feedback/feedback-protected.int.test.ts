import { protectedIdentityName, type FeedbackItem } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullName } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildOnlookers,
  buildProtectedCast,
  clientsOf,
  expectNamed,
  expectNoTraceOf,
  type Onlookers,
  type ProtectedCast,
} from '../../../test/protected-people';
import { saveFeedback } from './feedback.repo';

/**
 * Feedback from people with a protected identity (decision 0039): to an
 * administrator without view_protected_identity the sender reads "Skyddad
 * identitet" and the address they left is withheld; the message stays.
 */
let t: TestContext;
let cast: ProtectedCast;
let onlookers: Onlookers;
let call: Awaited<ReturnType<typeof clientsOf<string>>>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  onlookers = await buildOnlookers(t, cast);
  const message = (who: string) => `Knappen går inte att nå med tangentbordet (${who}).`;
  await saveFeedback(
    t.db,
    { message: message('elev'), email: cast.protectedPupil.email! },
    cast.protectedPupil.id,
  );
  await saveFeedback(t.db, { message: message('lärare'), email: '' }, cast.markedTeacher.id);
  await saveFeedback(
    t.db,
    { message: message('kollega'), email: onlookers.teacher.email! },
    onlookers.teacher.id,
  );
  await saveFeedback(t.db, { message: message('gäst'), email: 'gast@example.org' }, null);
  call = await clientsOf(t, {
    admin: onlookers.admin,
    adminWithoutRight: onlookers.adminWithoutTheRight,
  });
});
afterAll(() => t?.close());

const about = (list: FeedbackItem[], who: string) =>
  list.find((item) => item.message.includes(`(${who})`))!;

describe('feedback from people with a protected identity', () => {
  it('names the sender "Skyddad identitet" and withholds their address', async () => {
    const response = await call.adminWithoutRight!('GET', '/api/portal-service/v1/feedback');
    expect(response.statusCode, response.body).toBe(200);
    expectNoTraceOf(response, [cast.protectedPupil, cast.markedTeacher]);
    const list = response.json() as FeedbackItem[];
    expect(about(list, 'elev')).toMatchObject({
      sender: { id: cast.protectedPupil.id, name: protectedIdentityName },
      email: null,
    });
    expect(about(list, 'lärare').sender).toEqual({
      id: cast.markedTeacher.id,
      name: protectedIdentityName,
    });
    expect(about(list, 'kollega')).toMatchObject({
      sender: { name: fullName(onlookers.teacher) },
      email: onlookers.teacher.email,
    });
    expect(about(list, 'gäst')).toMatchObject({ sender: null, email: 'gast@example.org' });
  });

  it('shows them to an administrator with the right', async () => {
    const response = await call.admin!('GET', '/api/portal-service/v1/feedback');
    expectNamed(response, cast.protectedPupil);
    expectNamed(response, cast.markedTeacher);
    expect(about(response.json() as FeedbackItem[], 'elev').email).toBe(cast.protectedPupil.email);
  });
});
