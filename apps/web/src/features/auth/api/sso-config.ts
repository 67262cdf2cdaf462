import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

interface SsoConfig {
  enabled: boolean;
  label: string;
}

export const ssoConfigKey = ['sso-config'] as const;

/** Whether the municipality's single sign-on is offered on the login page. */
export function useSsoConfig() {
  return useQuery({
    queryKey: ssoConfigKey,
    queryFn: () => apiRequest<SsoConfig>(apiPaths.ssoConfig(), { throwOnError: true }),
    staleTime: Infinity,
    retry: false,
  });
}
