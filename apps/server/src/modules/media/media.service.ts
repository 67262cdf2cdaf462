import {
  defaultCategoryFor,
  format,
  ids,
  sv,
  type MediaFileType,
  type MediaUpdateRequest,
  type MediaUploadFields,
} from '@skolportalen/shared';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import type { AuthUser } from '../../identity/auth-user.repo';
import { processUpload, type UploadedFile } from './media-processing';
import {
  deleteMedia,
  findMediaCategory,
  findMediaForUpdate,
  insertMedia,
  storedFilesOf,
  updateMedia,
  type MediaRow,
} from './media.repo';
import { usageCountsByType } from './media-usages.repo';
import type { MediaStorage } from '../../media-storage/media-storage';

export interface Actor {
  user: Pick<AuthUser, 'id'>;
  /** The administrator behind a masked session, for the audit log. */
  realUserId?: number | null;
  requestId?: string;
}

/** PDF documents belong in the PDF category (8) and only there (spec §9). */
async function resolveCategory(
  db: Database,
  requested: number | undefined,
  fileType: MediaFileType,
) {
  const isPdf = fileType === 'pdf';
  const categoryId = requested ?? defaultCategoryFor(fileType);
  const category = await findMediaCategory(db, categoryId);
  if (!category) {
    throw errors.validation([{ field: 'categoryId', message: sv.media.unknownCategory }]);
  }
  const pdfCategory = await findMediaCategory(db, ids.mediaCategoryPdf);
  const pdfCategoryName = pdfCategory?.name ?? String(ids.mediaCategoryPdf);
  if (isPdf && category.id !== ids.mediaCategoryPdf) {
    throw errors.validation([
      {
        field: 'categoryId',
        message: format(sv.media.pdfNeedsPdfCategory, { category: pdfCategoryName }),
      },
    ]);
  }
  if (!isPdf && category.id === ids.mediaCategoryPdf) {
    throw errors.validation([
      {
        field: 'categoryId',
        message: format(sv.media.pdfCategoryOnlyPdf, { category: pdfCategoryName }),
      },
    ]);
  }
  return category.id;
}

/**
 * Checks, processes and stores an upload, all or nothing: the files are staged
 * first, the row is committed, then the files are moved into place. A crash
 * between the commit and the move leaves staged files that belong to a row:
 * the store moves them into place when the server starts again
 * (`MediaStorage.recover`). Any failure before removes whatever was written.
 */
export async function uploadMedia(
  db: Database,
  storage: MediaStorage,
  actor: Actor,
  fields: MediaUploadFields,
  file: UploadedFile,
): Promise<MediaRow> {
  const processed = await processUpload(file);
  const categoryId = await resolveCategory(db, fields.categoryId, processed.fileType);

  const staged = await storage.stage(processed.files);
  let row: MediaRow;
  try {
    row = await db.transaction(async (tx) => {
      const inserted = await insertMedia(tx, {
        title: fields.title,
        alt: fields.description,
        categoryId,
        fileType: processed.fileType,
        filename: processed.original.name,
        originalName: file.fileName,
        size: processed.original.data.length,
        width: processed.width,
        height: processed.height,
        renditions: processed.renditions,
        pdfTagged: processed.pdfTagged,
        uploadedBy: actor.user.id,
      });
      await recordAudit(tx, {
        actorUserId: actor.user.id,
        realUserId: actor.realUserId,
        action: 'media.upload',
        entityType: 'media',
        entityId: inserted.id,
        after: {
          title: inserted.title,
          alt: inserted.alt,
          categoryId,
          filename: inserted.filename,
        },
        requestId: actor.requestId,
      });
      return inserted;
    });
  } catch (error) {
    await staged.discard();
    throw error;
  }
  try {
    await staged.commit();
  } catch (error) {
    // The files could not be moved: take the row back so nothing points at a missing file.
    await deleteMedia(db, row.id);
    await staged.discard();
    throw error;
  }
  return row;
}

export async function editMedia(
  db: Database,
  actor: Actor,
  id: number,
  input: MediaUpdateRequest,
): Promise<MediaRow> {
  return db.transaction(async (tx) => {
    const before = await findMediaForUpdate(tx, id);
    if (!before) throw errors.notFound();
    const row = (await updateMedia(tx, id, { title: input.title, alt: input.description }))!;
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'media.update',
      entityType: 'media',
      entityId: id,
      before: { title: before.title, alt: before.alt },
      after: { title: row.title, alt: row.alt },
      requestId: actor.requestId,
    });
    return row;
  });
}

/** "2 inlägg och 1 verktyg" */
function describeUsages(counts: { entityType: string; count: number }[]) {
  const parts = counts.map(({ entityType, count }) =>
    format(sv.media.usageCount, {
      n: count,
      type: sv.media.usageTypes[entityType] ?? sv.media.usageOther,
    }),
  );
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} och ${parts.at(-1)}` : parts[0]!;
}

const foreignKeyViolation = '23503';

function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === foreignKeyViolation) return true;
  }
  return false;
}

/**
 * Deletes an item nobody uses. The usage check and the delete share a row
 * lock, and the usages' foreign key refuses a usage written in between.
 * Files go after the commit: a crash in between leaves an unused file, never a
 * row without its file.
 */
export async function removeMedia(
  db: Database,
  storage: MediaStorage,
  actor: Actor,
  id: number,
  log: { warn: (details: object, message: string) => void },
) {
  let removed: MediaRow;
  try {
    removed = await db.transaction(async (tx) => {
      const row = await findMediaForUpdate(tx, id);
      if (!row) throw errors.notFound();
      const usages = await usageCountsByType(tx, id);
      if (usages.length > 0) {
        throw errors.conflict(format(sv.media.inUse, { usages: describeUsages(usages) }));
      }
      await deleteMedia(tx, id);
      await recordAudit(tx, {
        actorUserId: actor.user.id,
        realUserId: actor.realUserId,
        action: 'media.delete',
        entityType: 'media',
        entityId: id,
        before: { title: row.title, alt: row.alt, filename: row.filename },
        requestId: actor.requestId,
      });
      return row;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw errors.conflict(format(sv.media.inUse, { usages: sv.media.usageOther }));
    }
    throw error;
  }
  await storage.remove(storedFilesOf(removed)).catch((error: unknown) => {
    log.warn({ err: error, mediaId: id }, 'media files could not be removed');
  });
}
