/**
 * Protected identities (skyddade personuppgifter): the marks the population
 * register puts on a person, as SS 12000 carries them on every Person
 * (`securityMarking`). A person marked other than `Ingen` is shown as a person
 * only to themselves, their own guardians or children, and holders of
 * `view_protected_identity` (decision 0039); everyone else sees
 * `protectedIdentityName` where an entry must show at all.
 */
export const securityMarkings = ['Ingen', 'Sekretessmarkering', 'Skyddad folkbokföring'] as const;
export type SecurityMarking = (typeof securityMarkings)[number];

export const isProtectedMarking = (marking: SecurityMarking) => marking !== 'Ingen';

/** What stands in a protected person's place for those who may not see them. */
export const protectedIdentityName = 'Skyddad identitet';
