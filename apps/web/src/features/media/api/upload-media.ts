import type { MediaResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiUpload } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { mediaKeys } from './media-keys';

export interface MediaUploadInput {
  file: File;
  title: string;
  description: string;
  categoryId: number;
}

/** The form shows every refusal next to its field, so errors come back here instead of as toasts. */
export function uploadMedia(
  input: MediaUploadInput,
  onProgress?: (fraction: number) => void,
): Promise<MediaResponse> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('categoryId', String(input.categoryId));
  // The file goes last, so the server has the text fields before the bytes arrive.
  form.append('file', input.file, input.file.name);
  return apiUpload<MediaResponse>(apiPaths.media(), form, { onProgress, throwOnError: true });
}

/** Uploads with a progress value between 0 and 1 for the progress bar. */
export function useUploadMedia() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (input: MediaUploadInput) => {
      setProgress(0);
      return uploadMedia(input, setProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
  return { ...mutation, progress };
}
