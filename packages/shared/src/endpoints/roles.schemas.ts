import { idParams, okBody } from '../schemas/common';
import {
  capabilityResponse,
  capabilityValueRequest,
  roleCapabilityParams,
  roleCreateRequest,
  roleResponse,
} from '../schemas/role';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** A role's key already taken, a built-in role or one still held, the super administrator's rights. */
const conflict = [409] as const;

/**
 * Roles and their rights (spec §7 "role"), and the catalogue of rights they
 * are chosen from (spec §7 "capability"); the routes are in ./roles.ts.
 */
export const roleSchemas = {
  ...endpointSchemas('role', {
    list: {
      summary: 'Roller (med rättigheter för den som har role_list)',
      response: z.array(roleResponse),
    },
    create: {
      summary: 'Skapa en roll',
      body: roleCreateRequest,
      response: roleResponse,
      errors: conflict,
    },
    remove: {
      summary: 'Ta bort en roll som ingen har',
      params: idParams,
      response: okBody,
      errors: conflict,
    },
    setCapability: {
      summary: 'Bevilja (true) eller neka (false) en rättighet för en roll',
      params: roleCapabilityParams,
      body: capabilityValueRequest,
      response: roleResponse,
      errors: conflict,
    },
    removeCapability: {
      summary: 'Ta bort en rättighet från en roll (den saknas då)',
      params: roleCapabilityParams,
      response: roleResponse,
      errors: conflict,
    },
  }),
  ...endpointSchemas('capability', {
    capabilities: {
      summary: 'Alla rättigheter, grupperade, med svenska namn',
      response: z.array(capabilityResponse),
    },
  }),
};
