import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

interface SsoConfig {
  enabled: boolean;
  label: string;
  /** False where the municipality signs in only through its identity provider (PASSWORD_SIGN_IN=off). */
  passwordSignIn: boolean;
}

export const ssoConfigKey = ['sso-config'] as const;

/** Which ways in the login page offers: the municipality's single sign-on, a password, or both. */
export function useSsoConfig() {
  return useQuery({
    queryKey: ssoConfigKey,
    queryFn: () => apiRequest<SsoConfig>(apiPaths.ssoConfig(), { throwOnError: true }),
    staleTime: Infinity,
    retry: false,
  });
}
