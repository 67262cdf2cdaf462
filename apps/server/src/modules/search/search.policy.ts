import { hasCapability } from '@skolportalen/shared';
import { rule } from '../../identity/authorize';

/** Search's rule (spec §6 "search"); what each result shows is the audience's, in the query. */
export const searchPolicy = {
  search: rule((user) => hasCapability(user.capabilities, 'search')),
};
