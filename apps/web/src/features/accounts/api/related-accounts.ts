import type { RelatedAccount } from '@skolportalen/shared';
import { relatedEndpoints } from '@skolportalen/shared/endpoints/related';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';

export const accountKeys = {
  related: ['accounts', 'related'] as const,
};

/** The person's accounts: their own (`current: true`), other accounts and a caretaker's children. */
export const relatedAccountsQuery = () =>
  queryOptions({
    queryKey: accountKeys.related,
    queryFn: async ({ signal }) => (await callList(relatedEndpoints.list, { signal })).items,
    staleTime: 5 * 60_000,
  });

export function useRelatedAccounts() {
  return useQuery(relatedAccountsQuery());
}

/** Accounts the role picker can offer: those whose role links to a role category (spec §2). */
export function accountsWithRoleCategory(accounts: readonly RelatedAccount[]) {
  return accounts.filter((account) => account.categories.some((c) => c.type === 'role'));
}
