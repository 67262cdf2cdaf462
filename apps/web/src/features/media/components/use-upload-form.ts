import {
  defaultCategoryFor,
  ids,
  limits,
  mediaUploadFields,
  sv,
  type MediaResponse,
} from '@skolportalen/shared';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useUploadMedia } from '../api/upload-media';
import { checkChosenFile, type ChosenFileCheck } from './chosen-file-check';
import { titleFromFileName } from './media-format';

export type UploadField = 'file' | 'title' | 'description' | 'categoryId';
type FieldErrors = Partial<Record<UploadField, string>>;

/** Picks the category a file should land in among those offered. */
function categoryFor(check: ChosenFileCheck, offered: readonly number[], current: number | '') {
  const isPdf = check.fileType === 'pdf';
  if (isPdf) return offered.includes(ids.mediaCategoryPdf) ? ids.mediaCategoryPdf : current;
  if (current !== '' && current !== ids.mediaCategoryPdf) return current;
  const preferred = defaultCategoryFor(check.fileType ?? 'png');
  return offered.includes(preferred)
    ? preferred
    : (offered.find((id) => id !== ids.mediaCategoryPdf) ?? current);
}

/** State and rules of the upload form; the dialog only lays them out. */
export function useUploadForm(options: {
  offeredCategoryIds: readonly number[];
  initialCategoryId: number | '';
  onUploaded: (media: MediaResponse) => void;
}) {
  const { offeredCategoryIds, initialCategoryId, onUploaded } = options;
  const upload = useUploadMedia();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<ChosenFileCheck | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState<number | ''>(initialCategoryId);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const chooseFile = async (chosen: File) => {
    upload.reset();
    setFile(chosen);
    setErrors((current) => ({ ...current, file: undefined }));
    const result = await checkChosenFile(chosen);
    setCheck(result);
    setPreview(result.width && !result.problem ? URL.createObjectURL(chosen) : null);
    setTitle((current) => current || titleFromFileName(chosen.name, limits.mediaTitleMax));
    setCategoryId((current) => categoryFor(result, offeredCategoryIds, current));
  };

  const serverErrors: FieldErrors = isApiError(upload.error) ? upload.error.fieldErrors : {};
  const errorFor = (field: UploadField) =>
    errors[field] ?? serverErrors[field] ?? (field === 'file' ? check?.problem : undefined);
  /** A refusal that belongs to no field (a lost connection, a server error). */
  const generalError =
    upload.error && !Object.keys(serverErrors).length
      ? isApiError(upload.error)
        ? upload.error.message
        : sv.errors.network
      : null;

  const submit = () => {
    const parsed = mediaUploadFields.safeParse({
      title,
      description,
      categoryId: categoryId === '' ? undefined : categoryId,
    });
    const found: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as UploadField;
        found[field] ??= issue.message;
      }
    }
    if (!file) found.file = sv.media.fileMissing;
    setErrors(found);
    if (!parsed.success || !file || check?.problem) return false;
    upload.mutate(
      {
        file,
        title: parsed.data.title,
        description: parsed.data.description,
        categoryId: parsed.data.categoryId ?? defaultCategoryFor(check?.fileType ?? 'png'),
      },
      { onSuccess: onUploaded },
    );
    return true;
  };

  const edit = (field: 'title' | 'description') => (value: string) => {
    (field === 'title' ? setTitle : setDescription)(value);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return {
    file,
    check,
    preview,
    values: { title, description, categoryId },
    setTitle: edit('title'),
    setDescription: edit('description'),
    setCategoryId,
    chooseFile,
    errorFor,
    generalError,
    submit,
    uploading: upload.isPending,
    progress: upload.progress,
  };
}
