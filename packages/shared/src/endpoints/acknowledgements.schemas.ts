import {
  acknowledgeRequest,
  acknowledgeResponse,
  acknowledgementReportItem,
  acknowledgementReportQuery,
  acknowledgementReportsQuery,
  acknowledgementRow,
  acknowledgementSummary,
} from '../schemas/acknowledgement';
import { postKeyParams } from '../schemas/post';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * Must-read notices (decision 0040): confirming one, and the report for its
 * author, editors, the rektor of a school it reaches and administrators.
 * Their routes are in ./acknowledgements.ts.
 */
export const acknowledgementSchemas = endpointSchemas('post', {
  acknowledge: {
    summary:
      'Bekräfta att man har läst ett meddelande som kräver läsbekräftelse (en vårdnadshavare för sina barn, alla som meddelandet gäller om inga childIds anges)',
    params: postKeyParams,
    body: acknowledgeRequest,
    response: acknowledgeResponse,
    errors: [409, 422],
  },
  report: {
    summary:
      'Vilka som har bekräftat ett meddelande: en rad per mottagare eller per vårdnadshavare och barn (format=csv ger en CSV-fil)',
    params: postKeyParams,
    query: acknowledgementReportQuery,
    response: z.array(acknowledgementRow),
    errors: [409],
  },
  summary: {
    summary:
      'Läsbekräftelser i siffror: bekräftade, väntande och försenade per skola, klass och roll, och skickat → öppnat → bekräftat',
    params: postKeyParams,
    response: acknowledgementSummary,
    errors: [409],
  },
  reports: {
    summary:
      'Meddelanden som kräver läsbekräftelse och vars läsbekräftelser man får se: egna, de man redigerar, de som når ens skola (rektor), alla (administratörer); nyast först',
    query: acknowledgementReportsQuery,
    response: z.array(acknowledgementReportItem),
  },
});
