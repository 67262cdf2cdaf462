import type {
  AttendeeUpdateInput,
  BookingInput,
  CourseMessageInput,
  ExternalAttendeeInput,
} from '@skolportalen/shared';
import { courseAttendeeEndpoints } from '@skolportalen/shared/endpoints/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { courseKeys } from './keys';

/**
 * The booking calls. Refusals (full, closed, a missing answer) come back to
 * the form that asked, in place, instead of going to the toasts.
 */
function useCourseMutation<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

/** POST /course/{id}/attendee/{userId}: books oneself (or, for organisers, someone else). */
export function useBookCourse(courseId: number) {
  return useCourseMutation(({ userId, body }: { userId: number; body: BookingInput }) =>
    call(courseAttendeeEndpoints.book, {
      params: { id: String(courseId), userId: String(userId) },
      body,
      throwOnError: true,
    }),
  );
}

/** DELETE /course/{id}/attendee/{key}: cancels, or an organiser removes someone. */
export function useCancelBooking(courseId: number) {
  return useCourseMutation((key: string) =>
    call(courseAttendeeEndpoints.cancel, {
      params: { id: String(courseId), userId: key },
      throwOnError: true,
    }),
  );
}

/** PUT /course/{id}/attendee/{key}: a new status (organisers) or new answers. */
export function useChangeAttendee(courseId: number) {
  return useCourseMutation(({ key, body }: { key: string; body: AttendeeUpdateInput }) =>
    call(courseAttendeeEndpoints.change, {
      params: { id: String(courseId), userId: key },
      body,
      throwOnError: true,
    }),
  );
}

/** POST /course/{id}/attendee-external: an organiser adds someone without an account. */
export function useAddExternalAttendee(courseId: number) {
  return useCourseMutation((body: ExternalAttendeeInput) =>
    call(courseAttendeeEndpoints.bookExternal, {
      params: { id: String(courseId) },
      body,
      throwOnError: true,
    }),
  );
}

/** POST /course/{id}/message: an organiser e-mails the attendees. */
export function useMessageAttendees(courseId: number) {
  return useMutation({
    mutationFn: (body: CourseMessageInput) =>
      call(courseAttendeeEndpoints.message, {
        params: { id: String(courseId) },
        body,
        throwOnError: true,
      }),
  });
}
