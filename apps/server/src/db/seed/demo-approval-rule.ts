import type { Database } from '../client';
import { approvalRules } from '../schema';

/**
 * The demo's one approval rule (issue 29): a post aimed at a whole school
 * unit waits for that school's rektor (Lindängsskolan: lars.berglund).
 * Seeded with the demo's posts and courses, after the roles and accounts,
 * and not into the integration tests' database, whose factories aim posts
 * at their author's school and test publishing on its own.
 */
export async function seedDemoApprovalRule(db: Database) {
  await db.insert(approvalRules).values({
    name: 'Inlägg till en hel skola godkänns av rektor',
    postTypes: [],
    audience: 'school-unit',
    authorRoles: [],
    approverRole: 'role_school_responsible',
    approverSameSchool: true,
  });
}
