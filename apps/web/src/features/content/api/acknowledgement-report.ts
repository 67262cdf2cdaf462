import type { AcknowledgementState } from '@skolportalen/shared';
import { acknowledgementEndpoints } from '@skolportalen/shared/endpoints/acknowledgements';
import { endpointUrl } from '@skolportalen/shared/endpoints/endpoint';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';
import { contentKeys } from './keys';

/** The report's filters: the person's group (school or class), main role and state. */
export interface ReportFilters {
  nodeId?: number;
  role?: string;
  state?: AcknowledgementState;
}

/** GET /post/{id}/acknowledgement-summary: the figures by school, class and role, and the funnel. */
export function useAcknowledgementSummary(postId: number) {
  return useQuery({
    queryKey: [...contentKeys.acknowledgements(postId), 'summary'],
    queryFn: ({ signal }) =>
      call(acknowledgementEndpoints.summary, { params: { id: String(postId) }, signal }),
  });
}

/** GET /post/{id}/acknowledgements: a page of rows and the total from x-pagination-total. */
export function useAcknowledgementRows(
  postId: number,
  filters: ReportFilters,
  page: number,
  perPage: number,
) {
  return useQuery({
    queryKey: [...contentKeys.acknowledgements(postId), 'rows', filters, page, perPage],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callList(acknowledgementEndpoints.report, {
        params: { id: String(postId) },
        query: { ...filters, page, perPage },
        signal,
      }),
  });
}

/** The whole report with the same filters as a spreadsheet file ("Exportera (CSV)"). */
export function acknowledgementsCsvUrl(postId: number, filters: ReportFilters): string {
  return endpointUrl(
    acknowledgementEndpoints.report,
    { id: postId },
    { ...filters, format: 'csv' },
  );
}

/** GET /acknowledgement-reports: a page of the must-read notices whose report one may read. */
export function useAcknowledgementReports(page: number, perPage: number) {
  return useQuery({
    queryKey: [...contentKeys.acknowledgementReports, page, perPage],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callList(acknowledgementEndpoints.reports, { query: { page, perPage }, signal }),
  });
}
