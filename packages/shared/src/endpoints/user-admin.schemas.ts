import { idParams } from '../schemas/common';
import { capabilityValueRequest } from '../schemas/role';
import {
  nodeBulkRequest,
  userCapabilityParams,
  userCategoryParams,
  userDetailResponse,
  userDisableRequest,
  userNodeParams,
  userRoleGrantQuery,
  userRoleParams,
  userUpdateRequest,
} from '../schemas/user';
import { endpointSchemas } from './endpoint';

/** A change the user's state does not allow (a second main role, the last super administrator…). */
const conflict = [409] as const;

/**
 * Administration of one user (spec §7 "user"): every change answers with the
 * user as they now are. The routes are in ./user-admin.ts.
 */
export const userAdminSchemas = endpointSchemas('user', {
  get: {
    summary: 'En användare',
    params: idParams,
    response: userDetailResponse,
    errors: conflict,
  },
  update: {
    summary:
      'Ändra namn och e-postadress, eller skyddsmarkeringen med en anledning (kräver rätten att se skyddade personuppgifter)',
    params: idParams,
    body: userUpdateRequest,
    response: userDetailResponse,
    errors: conflict,
  },
  disable: {
    summary: 'Stäng av kontot: inga inloggningar, pågående avslutas',
    params: idParams,
    body: userDisableRequest.nullish(),
    response: userDetailResponse,
    errors: conflict,
  },
  enable: {
    summary: 'Aktivera ett avstängt konto',
    params: idParams,
    response: userDetailResponse,
    errors: conflict,
  },
  addNode: {
    summary: 'Lägg till i en grupp',
    params: userNodeParams,
    response: userDetailResponse,
    errors: conflict,
  },
  removeNode: {
    summary: 'Ta bort ur en grupp',
    params: userNodeParams,
    response: userDetailResponse,
    errors: conflict,
  },
  addNodes: {
    summary: 'Lägg till i flera grupper',
    params: idParams,
    body: nodeBulkRequest,
    response: userDetailResponse,
    errors: conflict,
  },
  removeNodes: {
    summary: 'Ta bort ur flera grupper',
    params: idParams,
    body: nodeBulkRequest,
    response: userDetailResponse,
    errors: conflict,
  },
  grantRole: {
    summary: 'Ge en roll (en andra huvudroll bara med replace=true, som byter ut den gamla)',
    params: userRoleParams,
    query: userRoleGrantQuery,
    response: userDetailResponse,
    errors: conflict,
  },
  revokeRole: {
    summary: 'Ta bort en roll',
    params: userRoleParams,
    response: userDetailResponse,
    errors: conflict,
  },
  setCapability: {
    summary: 'Egen rättighet för användaren: bevilja (true) eller neka (false)',
    params: userCapabilityParams,
    body: capabilityValueRequest,
    response: userDetailResponse,
    errors: conflict,
  },
  removeCapability: {
    summary: 'Ta bort användarens egen rättighet (rollerna gäller då)',
    params: userCapabilityParams,
    response: userDetailResponse,
    errors: conflict,
  },
  linkCategory: {
    summary: 'Koppla en kategori',
    params: userCategoryParams,
    response: userDetailResponse,
    errors: conflict,
  },
  unlinkCategory: {
    summary: 'Ta bort en kategori',
    params: userCategoryParams,
    response: userDetailResponse,
    errors: conflict,
  },
});
