import type { SAML } from '@node-saml/node-saml';
import { paginationTotalHeader } from '@skolportalen/shared/api-roots';
import type { Cache } from '../cache/cache';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { JobService } from '../jobs/job-service';
import type { UploadScanner } from '../malware/upload-scan';
import type { CookieOptions } from '../identity/session-cookie';
import type { OidcProviders } from '../identity/oidc-provider';
import type { MediaStorage } from '../media-storage/media-storage';

/** What every route module is given. */
export interface RouteDeps {
  db: Database;
  config: Config;
  cookieOptions: CookieOptions;
  /** The SAML service provider, when single sign-on is configured. */
  saml: SAML | null;
  /** The OpenID Connect providers, by their key (OIDC_PROVIDERS); empty when none is configured. */
  oidc: OidcProviders;
  /** Shared across instances when Redis is configured. */
  cache: Cache;
  /** Where media files are kept (disk by default). */
  mediaStorage: MediaStorage;
  /** Background jobs: define queues at registration, queue work in requests. */
  jobs: JobService;
  /** Refuses an uploaded file that is infected, or that could not be scanned; call before storing. */
  scanUpload: UploadScanner;
  /** The time, injectable so scheduled publishing can be tested without waiting. */
  clock: () => Date;
}

/** Writes the list total header the spec asks for (x-pagination-total). */
export function paginationTotal(total: number) {
  return { [paginationTotalHeader]: String(total) };
}
