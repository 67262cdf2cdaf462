import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/test/fake-xhr';
import { apiUpload, ApiError } from './api-client';
import { errorStore } from './error-store';
import { setNavigator } from './navigation';
import { requestTracker } from './request-tracker';

beforeEach(() => {
  setNavigator(vi.fn());
  errorStore.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('apiUpload', () => {
  it('posts the form, reports progress and resolves with the body', async () => {
    const Xhr = installFakeXhr();
    const progress: number[] = [];
    const form = new FormData();
    form.append('title', 'Bild');
    const pending = apiUpload<{ id: number }>('/api/core/v1/media', form, {
      onProgress: (fraction) => progress.push(fraction),
    });
    const request = Xhr.sent[0]!;
    expect([request.method, request.url, request.body]).toEqual([
      'POST',
      '/api/core/v1/media',
      form,
    ]);
    expect(requestTracker.getSnapshot().pending).toBe(1);
    request.progress(25, 100);
    request.progress(100, 100);
    request.respond(201, { id: 5 });
    await expect(pending).resolves.toEqual({ id: 5 });
    expect(progress).toEqual([0.25, 1, 1]);
    expect(requestTracker.getSnapshot().pending).toBe(0);
  });

  it('turns an error answer into an ApiError with the field messages', async () => {
    const Xhr = installFakeXhr();
    const pending = apiUpload('/api/core/v1/media', new FormData(), { throwOnError: true });
    const message = 'Bilden uppfyller inte bildförhållandet';
    Xhr.sent[0]!.respond(400, {
      code: 'IMAGE_ASPECT_RATIO',
      message,
      errors: [{ field: 'file', message }],
    });
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ file: message });
    expect(errorStore.getSnapshot()).toEqual([]);
  });

  it('shows other failures in the error store unless the caller handles them', async () => {
    const Xhr = installFakeXhr();
    const pending = apiUpload('/api/core/v1/media', new FormData());
    Xhr.sent[0]!.respond(413, { code: 'FILE_TOO_LARGE', message: 'Filen är större än 10 MB' });
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(errorStore.getSnapshot()).toMatchObject([
      { status: 413, message: 'Filen är större än 10 MB' },
    ]);
  });
});
