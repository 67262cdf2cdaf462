import { hasCapability, sv } from '@skolportalen/shared';
import { rule } from '../../identity/authorize';

/** The document repository's rules (decision 0007), for `authorize` and `can`. */
export const documentsPolicy = {
  /** Every call of the repository's API acts as a person holding document_repository. */
  use: rule((user) => hasCapability(user.capabilities, 'document_repository')),
  /** Creating in a folder needs write access to its site, as the person's groups grant it. */
  writeInSite: rule<{ writable: boolean }>((_user, site) => site.writable, {
    message: sv.documents.writeForbidden,
  }),
  /** A shared link is revoked by whoever made it, or by an administrator. */
  revokeLink: rule<{ createdBy: number | null }>(
    (user, link) => link.createdBy === user.id || user.isAdmin,
    { message: sv.documents.linkNotYours },
  ),
};
