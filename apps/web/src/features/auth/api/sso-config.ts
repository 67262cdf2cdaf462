import { sessionEndpoints } from '@skolportalen/shared/endpoints/sign-in';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const ssoConfigKey = ['sso-config'] as const;

/** Which ways in the login page offers: the municipality's single sign-on, a password, or both. */
export function useSsoConfig() {
  return useQuery({
    queryKey: ssoConfigKey,
    // passwordSignIn is false where the municipality signs in only through its identity provider.
    queryFn: () => call(sessionEndpoints.signInOptions, { throwOnError: true }),
    staleTime: Infinity,
    retry: false,
  });
}
