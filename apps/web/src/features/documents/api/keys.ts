/** Query keys of the documents area; a change to a folder refreshes everything under it. */
export const documentKeys = {
  all: ['documents'] as const,
  sites: () => ['documents', 'sites'] as const,
  node: (guid: string) => ['documents', 'node', guid] as const,
  favorites: () => ['documents', 'favorites'] as const,
};

/** The repository asks the person to sign in (no service account, or the ticket ran out). */
export const signInCode = 'REPOSITORY_SIGN_IN';
/** Reads of the area show the sign-in form in place of that error. */
export const readOptions = { handledCodes: [signInCode] } as const;
