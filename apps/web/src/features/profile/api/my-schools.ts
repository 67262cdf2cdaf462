import type { MainSchoolRequest } from '@skolportalen/shared';
import { profileEndpoints } from '@skolportalen/shared/endpoints/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const mySchoolsKeys = { all: ['my-schools'] as const };

export function fetchMySchools(signal?: AbortSignal) {
  return call(profileEndpoints.mySchools, { signal });
}

export function useMySchools() {
  return useQuery({ queryKey: mySchoolsKeys.all, queryFn: ({ signal }) => fetchMySchools(signal) });
}

export function chooseMainSchool(values: MainSchoolRequest) {
  return call(profileEndpoints.chooseMainSchool, { body: values, throwOnError: true });
}

export function useChooseMainSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseMainSchool,
    onSuccess: (schools) => queryClient.setQueryData(mySchoolsKeys.all, schools),
  });
}
