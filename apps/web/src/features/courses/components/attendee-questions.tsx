import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { courseLimits, type AttendeeAnswer, type AttendeeQuestion } from '@skolportalen/shared';
import { courseTexts } from '@skolportalen/shared/texts/courses';
import { validationTexts } from '@skolportalen/shared/texts/validation';
import { useId } from 'react';
import { TextAreaField } from '@/components/text-area-field';

const t = courseTexts.page;

/** What a booking form keeps: one answer per question, in the questions' order. */
export function emptyAnswers(questions: readonly AttendeeQuestion[]): AttendeeAnswer[] {
  return questions.map((question) => ({ question: question.title, answer: '' }));
}

/** Required questions left empty, as the server would name them (`answers.{n}`). */
export function missingAnswers(
  questions: readonly AttendeeQuestion[],
  answers: readonly AttendeeAnswer[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  questions.forEach((question, index) => {
    if (question.required && !answers[index]?.answer.trim()) {
      problems[`answers.${index}`] = validationTexts.required;
    }
  });
  return problems;
}

/** The organiser's questions (spec §3 attendeeInformation) as labelled fields. */
export function AttendeeQuestions({
  questions,
  answers,
  errors,
  onChange,
  disabled,
}: {
  questions: readonly AttendeeQuestion[];
  answers: readonly AttendeeAnswer[];
  errors: Record<string, string>;
  onChange: (answers: AttendeeAnswer[]) => void;
  disabled?: boolean;
}) {
  const headingId = useId();
  if (questions.length === 0) return null;
  return (
    <Stack
      component="fieldset"
      spacing={2}
      aria-labelledby={headingId}
      sx={{ border: 0, p: 0, m: 0 }}
    >
      <Typography
        id={headingId}
        component="legend"
        variant="subtitle1"
        sx={{ fontWeight: 700, mb: 1 }}
      >
        {t.questionsHeading}
      </Typography>
      {questions.map((question, index) => {
        const error = errors[`answers.${index}`];
        return (
          <TextAreaField
            key={question.title}
            label={question.title}
            required={question.required}
            value={answers[index]?.answer ?? ''}
            onChange={(event) =>
              onChange(
                questions.map((q, n) => ({
                  question: q.title,
                  answer: n === index ? event.target.value : (answers[n]?.answer ?? ''),
                })),
              )
            }
            error={error !== undefined}
            helperText={error ?? (question.required ? t.requiredHint : undefined)}
            maxLength={courseLimits.answerMax}
            disabled={disabled}
          />
        );
      })}
    </Stack>
  );
}
