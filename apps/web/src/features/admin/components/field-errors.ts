import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { errorStore } from '@/lib/error-store';

/**
 * Form submissions ask the API client for exceptions: field messages are shown
 * at their fields, anything else goes to the error toasts like other errors.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const report = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
      setErrors(error.fieldErrors);
      return;
    }
    setErrors({});
    if (isApiError(error)) {
      errorStore.push({ status: error.status, url: error.url, message: error.message });
    } else {
      throw error;
    }
  };
  return { errors, report, clear: () => setErrors({}) };
}
