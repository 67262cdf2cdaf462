/** Query keys of the administration; a change invalidates the lists it affects. */
export const adminKeys = {
  all: ['admin'] as const,
  roles: ['admin', 'roles'] as const,
  capabilities: ['admin', 'capabilities'] as const,
  users: ['admin', 'users'] as const,
  userList: (params: object) => ['admin', 'users', 'list', params] as const,
  user: (id: number) => ['admin', 'users', 'detail', id] as const,
  categories: ['admin', 'categories'] as const,
  nodes: ['admin', 'nodes'] as const,
  tokens: ['admin', 'tokens'] as const,
  tokenList: (params: object) => ['admin', 'tokens', params] as const,
  audit: (params: object) => ['admin', 'audit', params] as const,
  importRuns: ['admin', 'import-runs'] as const,
  importSource: ['admin', 'import-source'] as const,
  retentionRules: ['admin', 'retention-rules'] as const,
  approvalRules: ['admin', 'approval-rules'] as const,
};
