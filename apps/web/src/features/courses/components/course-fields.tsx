import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, limits, sv, type CourseBlock } from '@skolportalen/shared';
import { useId } from 'react';
import { SwedishDateField } from '@/components/swedish-date-field';
import {
  courseDateOf,
  emptyCourse,
  fromLocalInput,
  toLocalInput,
  type CourseDateField,
} from './course-field-values';

const t = sv.courses.fields;

export interface CourseFieldsChange {
  course: CourseBlock;
  /** The course's calendar day in Swedish time (spec §3 courseDate), from the start. */
  courseDate: string | null;
}

export interface CourseFieldsProps {
  course: CourseBlock | null;
  onChange: (change: CourseFieldsChange) => void;
  /** The message for a field path such as `course.startDate` (browser check or server). */
  error?: (field: string) => string | undefined;
  /** The element id of a field path, so an error summary can link to it. */
  idFor?: (field: string) => string;
  disabled?: boolean;
}

/**
 * The course part of a post (spec §3 course{}): when, where, how many, whether
 * it can be booked, the cancellation deadline and the questions to attendees.
 * The content editor composes it for posts of type course.
 */
export function CourseFields({
  course,
  onChange,
  error = () => undefined,
  idFor = (field) => `course-field-${field.replace(/\./g, '-')}`,
  disabled = false,
}: CourseFieldsProps) {
  const value = course ?? emptyCourse();
  const questionsId = useId();
  const update = (patch: Partial<CourseBlock>) => {
    const next = { ...value, ...patch };
    onChange({ course: next, courseDate: courseDateOf(next) });
  };
  const questions = value.attendeeInformation;

  const dateField = (field: CourseDateField, label: string, hint?: string) => {
    const path = `course.${field}`;
    return (
      <SwedishDateField
        id={idFor(path)}
        withTime
        label={label}
        value={toLocalInput(value[field])}
        onChange={(next) => update({ [field]: fromLocalInput(next) })}
        required={field !== 'cancellationDate'}
        error={Boolean(error(path))}
        helperText={error(path) ?? hint}
        disabled={disabled}
      />
    );
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {dateField('startDate', t.startDate)}
        {dateField('endDate', t.endDate)}
      </Stack>
      {dateField('cancellationDate', t.cancellationDate, t.cancellationHint)}
      <TextField
        id={idFor('course.place')}
        label={t.place}
        value={value.place}
        onChange={(event) => update({ place: event.target.value })}
        error={Boolean(error('course.place'))}
        helperText={error('course.place')}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField
        id={idFor('course.numberOfAttendees')}
        type="number"
        label={t.numberOfAttendees}
        value={String(value.numberOfAttendees)}
        onChange={(event) => update({ numberOfAttendees: Math.trunc(Number(event.target.value)) })}
        required
        error={Boolean(error('course.numberOfAttendees'))}
        helperText={error('course.numberOfAttendees')}
        disabled={disabled}
        slotProps={{ htmlInput: { min: 1, max: 100_000, step: 1 } }}
        sx={{ maxWidth: 220 }}
      />
      <FormControlLabel
        control={
          <Switch
            id={idFor('course.bookable')}
            checked={value.bookable}
            onChange={(event) => update({ bookable: event.target.checked })}
            disabled={disabled}
          />
        }
        label={t.bookable}
      />
      <Stack
        component="fieldset"
        spacing={1.5}
        sx={{ border: 0, p: 0, m: 0 }}
        aria-describedby={questionsId}
      >
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t.questions}
        </Typography>
        <Typography id={questionsId} variant="body2">
          {t.questionsHint}
        </Typography>
        {questions.map((question, index) => {
          const path = `course.attendeeInformation.${index}.title`;
          const n = index + 1;
          return (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                id={idFor(path)}
                label={format(t.question, { n })}
                value={question.title}
                onChange={(event) =>
                  update({
                    attendeeInformation: questions.map((q, i) =>
                      i === index ? { ...q, title: event.target.value } : q,
                    ),
                  })
                }
                error={Boolean(error(path))}
                helperText={error(path)}
                disabled={disabled}
                slotProps={{ htmlInput: { maxLength: limits.infoTitleMax } }}
                sx={{ flex: 1 }}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={question.required}
                    onChange={(event) =>
                      update({
                        attendeeInformation: questions.map((q, i) =>
                          i === index ? { ...q, required: event.target.checked } : q,
                        ),
                      })
                    }
                    disabled={disabled}
                  />
                }
                label={t.questionRequired}
              />
              <IconButton
                aria-label={format(t.removeQuestion, { n })}
                onClick={() =>
                  update({ attendeeInformation: questions.filter((_, i) => i !== index) })
                }
                disabled={disabled}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
          );
        })}
        <div>
          <Button
            startIcon={<AddOutlined />}
            onClick={() =>
              update({ attendeeInformation: [...questions, { title: '', required: false }] })
            }
            disabled={disabled || questions.length >= 20}
          >
            {t.addQuestion}
          </Button>
        </div>
      </Stack>
    </Stack>
  );
}
