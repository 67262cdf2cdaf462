import type { Database } from '../../db/client';
import { requestMeta } from '../../http/request-meta';
import { realActorOf } from '../../identity/token.repo';
import type { InfectedUploadRecorder } from '../../malware/upload-scan';
import { recordAudit } from './audit.repo';

/** An infected upload on the audit record: who sent it, the signature, the size and the route. */
export function recordInfectedUploadIn(db: Database): InfectedUploadRecorder {
  return (request, file, signature) =>
    recordAudit(db, {
      actorUserId: request.auth?.user.id ?? null,
      realUserId: request.auth ? realActorOf(request.auth.token) : null,
      action: 'upload.infected',
      entityType: 'upload',
      entityId: file.fileName.slice(0, 200),
      after: { signature, size: file.data.length, route: request.url },
      ...requestMeta(request),
    });
}
