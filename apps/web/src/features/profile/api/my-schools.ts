import type { MainSchoolRequest, MySchoolsResponse } from '@skolportalen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

export const mySchoolsKeys = { all: ['my-schools'] as const };

export function fetchMySchools(signal?: AbortSignal) {
  return apiRequest<MySchoolsResponse>(apiPaths.mySchools(), { signal });
}

export function useMySchools() {
  return useQuery({ queryKey: mySchoolsKeys.all, queryFn: ({ signal }) => fetchMySchools(signal) });
}

export function chooseMainSchool(values: MainSchoolRequest) {
  return apiRequest<MySchoolsResponse>(apiPaths.mainSchool(), {
    method: 'PUT',
    body: values,
    throwOnError: true,
  });
}

export function useChooseMainSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseMainSchool,
    onSuccess: (schools) => queryClient.setQueryData(mySchoolsKeys.all, schools),
  });
}
