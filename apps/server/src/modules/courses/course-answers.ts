import { sv, type AttendeeAnswer, type AttendeeQuestion } from '@skolportalen/shared';
import type { FieldError } from '../../http/errors';

const v = sv.courses.validation;
const normal = (text: string) => text.trim().toLowerCase();

/**
 * Matches the answers to the organiser's questions (spec §3
 * attendeeInformation) by their text: every required question answered,
 * none that the course does not ask. Problems name the question by its place
 * (`answers.{n}`); the stored answers follow the questions' order.
 */
export function checkAnswers(
  questions: readonly AttendeeQuestion[],
  given: readonly AttendeeAnswer[],
): { answers: AttendeeAnswer[]; problems: FieldError[] } {
  const problems: FieldError[] = [];
  const byQuestion = new Map<string, string>();
  for (const answer of given) {
    if (!questions.some((question) => normal(question.title) === normal(answer.question))) {
      problems.push({ field: 'answers', message: v.unknownQuestion });
      continue;
    }
    byQuestion.set(normal(answer.question), answer.answer.trim());
  }
  const answers = questions.map((question, index) => {
    const answer = byQuestion.get(normal(question.title)) ?? '';
    if (question.required && answer === '') {
      problems.push({ field: `answers.${index}`, message: sv.validation.required });
    }
    return { question: question.title, answer };
  });
  return { answers, problems };
}
