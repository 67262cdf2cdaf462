import { acknowledgeRequest, acknowledgeResponse } from '../schemas/acknowledgement';
import {
  acknowledgementLinkParams,
  acknowledgementLinkView,
  revokeAcknowledgementLinksRequest,
  revokeAcknowledgementLinksResponse,
} from '../schemas/acknowledgement-link';
import { postKeyParams } from '../schemas/post';
import { endpointSchemas } from './endpoint';

/**
 * The one-click link of a must-read notice's mail (decision 0040): the page's
 * data and the confirmation, without signing in (the link's secret is the
 * key), and the editors' way to withdraw the links. Their routes are in
 * ./acknowledgement-links.ts. The first two are outside the signed-in group,
 * so they name their refusals.
 */
export const acknowledgementLinkSchemas = endpointSchemas('post', {
  view: {
    summary:
      'Ett meddelande som kräver läsbekräftelse, som länken i e-postmeddelandet visar det (utan inloggning; ändrar ingenting)',
    params: acknowledgementLinkParams,
    response: acknowledgementLinkView,
    errors: [400, 403, 404, 410, 429],
  },
  confirm: {
    summary:
      'Bekräfta genom länken i e-postmeddelandet att man har läst meddelandet (utan inloggning; en vårdnadshavare för sina barn)',
    params: acknowledgementLinkParams,
    body: acknowledgeRequest,
    response: acknowledgeResponse,
    errors: [400, 403, 404, 410, 422, 429],
  },
  revoke: {
    summary:
      'Dra tillbaka ett meddelandes bekräftelselänkar, alla eller för de mottagare som anges (meddelandets redaktörer)',
    params: postKeyParams,
    body: revokeAcknowledgementLinksRequest,
    response: revokeAcknowledgementLinksResponse,
    errors: [400, 401, 403, 404, 409],
  },
});
