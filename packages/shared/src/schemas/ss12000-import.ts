import { securityMarkings } from '../auth/security-marking';
import { listQuery } from './common';
import { z } from './zod-sv';

/**
 * The part of SS 12000 (the Swedish school-data standard) the import reads:
 * organisations, groups with memberships, persons with guardians
 * (`_embedded.responsibleFor`) and duties, and each person's security marking
 * from the population register. Other fields are ignored; every
 * string and list has a bound, so no file can grow the database without limit.
 */
const objectId = z.string().trim().min(1).max(100);
const ref = z.object({ id: objectId });
const name = z.string().trim().min(1).max(200);
const code = z.string().trim().max(60);
const date = z.iso.date();

export const ss12000Organisation = z.object({
  id: objectId,
  displayName: name,
  organisationType: code,
  schoolUnitCode: code.optional(),
  parentOrganisation: ref.optional(),
});

export const ss12000Person = z.object({
  id: objectId,
  givenName: z.string().trim().min(1).max(100),
  familyName: z.string().trim().min(1).max(100),
  /**
   * The population register's mark (decision 0039). An unknown value refuses
   * the file rather than dropping a protection; a person without the field
   * keeps the mark the portal holds.
   */
  securityMarking: z.enum(securityMarkings).optional(),
  eduPersonPrincipalNames: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
  externalIdentifiers: z
    .array(
      z.object({
        value: z.string().trim().min(1).max(200),
        context: z.string().max(500),
        globallyUnique: z.boolean(),
      }),
    )
    .max(10)
    .optional(),
  emails: z
    .array(z.object({ value: z.string().trim().max(200), type: code.optional() }))
    .max(10)
    .optional(),
  enrolments: z
    .array(
      z.object({
        enroledAt: ref,
        schoolType: code.optional(),
        schoolYear: z.number().int().min(0).max(10).optional(),
        startDate: date.optional(),
        endDate: date.optional(),
      }),
    )
    .max(20)
    .optional(),
  _embedded: z
    .object({
      responsibleFor: z
        .array(z.object({ person: ref, relationType: code.optional() }))
        .max(30)
        .optional(),
    })
    .optional(),
});

export const ss12000Group = z.object({
  id: objectId,
  displayName: name,
  groupType: code,
  organisation: ref,
  startDate: date.optional(),
  endDate: date.optional(),
  groupMemberships: z
    .array(z.object({ person: ref, startDate: date.optional(), endDate: date.optional() }))
    .max(5_000)
    .optional(),
});

export const ss12000Duty = z.object({
  id: objectId,
  person: ref,
  dutyAt: ref,
  dutyRole: code,
  startDate: date.optional(),
  endDate: date.optional(),
  assignmentRole: z
    .array(
      z.object({
        group: ref,
        assignmentRoleType: code,
        startDate: date.optional(),
        endDate: date.optional(),
      }),
    )
    .max(200)
    .optional(),
});

/** A list as a file holds it, or an API answer's `{ data: [...] }`. */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (value) =>
      value && typeof value === 'object' && !Array.isArray(value) && 'data' in value
        ? (value as { data: unknown }).data
        : value,
    z.array(item).max(max),
  );

export const ss12000ImportFile = z.object({
  organisations: listOf(ss12000Organisation, 5_000),
  groups: listOf(ss12000Group, 50_000),
  persons: listOf(ss12000Person, 200_000),
  duties: listOf(ss12000Duty, 100_000).default([]),
});
export type Ss12000ImportFile = z.infer<typeof ss12000ImportFile>;
export type Ss12000Person = z.infer<typeof ss12000Person>;
export type Ss12000Group = z.infer<typeof ss12000Group>;
export type Ss12000Duty = z.infer<typeof ss12000Duty>;
export type Ss12000Organisation = z.infer<typeof ss12000Organisation>;

export const importRunStates = ['queued', 'running', 'succeeded', 'failed'] as const;

export const importCounts = z.object({
  nodesCreated: z.number(),
  nodesUpdated: z.number(),
  usersCreated: z.number(),
  usersUpdated: z.number(),
  rolesAdded: z.number(),
  membershipsAdded: z.number(),
  membershipsRemoved: z.number(),
  /** Imported accounts the source no longer lists, disabled. */
  usersDisabled: z.number(),
  /** Accounts the import had disabled, listed again and enabled. */
  usersEnabled: z.number(),
  accountLinksAdded: z.number(),
  categoryLinksAdded: z.number(),
});
export type ImportCounts = z.infer<typeof importCounts>;
/** Every count at zero: a run starts from it, and a report written before a count existed is read with it. */
export const emptyImportCounts = (): ImportCounts => ({
  nodesCreated: 0,
  nodesUpdated: 0,
  usersCreated: 0,
  usersUpdated: 0,
  rolesAdded: 0,
  membershipsAdded: 0,
  membershipsRemoved: 0,
  usersDisabled: 0,
  usersEnabled: 0,
  accountLinksAdded: 0,
  categoryLinksAdded: 0,
});

export const importReport = z.object({
  counts: importCounts,
  /** What the source held, for comparison. */
  read: z.object({
    organisations: z.number(),
    groups: z.number(),
    persons: z.number(),
    duties: z.number(),
  }),
  /** Things left out, each said in Swedish (the first 200). */
  warnings: z.array(z.string()),
  warningCount: z.number(),
  durationMs: z.number(),
});
export type ImportReport = z.infer<typeof importReport>;

/**
 * Imported accounts the source no longer lists: disabled (unless more than a
 * fifth of them at once, which looks like an incomplete source), disabled
 * however many, or left as they are.
 */
export const importLeaversModes = ['disable', 'disable-many', 'keep'] as const;
export type ImportLeaversMode = (typeof importLeaversModes)[number];
export const importStartQuery = z.strictObject({
  leavers: z.enum(importLeaversModes).default('disable'),
});

export const importRunResponse = z.object({
  id: z.number(),
  source: z.enum(['file', 'api']),
  leavers: z.enum(importLeaversModes),
  state: z.enum(importRunStates),
  progress: z.number(),
  phase: z.string().nullable(),
  report: importReport.nullable(),
  error: z.string().nullable(),
  createdBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportRunResponse = z.infer<typeof importRunResponse>;

export const importRunListQuery = listQuery;

export const importSourceResponse = z.object({
  /** Whether a school-data API is configured; its address is shown, its token never. */
  api: z.object({ configured: z.boolean(), baseUrl: z.string().nullable() }),
  maxFileBytes: z.number(),
});
export type ImportSourceResponse = z.infer<typeof importSourceResponse>;

/** Uploaded files above this are refused with 413 before they are read. */
export const importFileMaxBytes = 25 * 1024 * 1024;
/** Deeper JSON than this is refused before it is parsed; SS 12000 needs about six levels. */
export const importFileMaxDepth = 32;
