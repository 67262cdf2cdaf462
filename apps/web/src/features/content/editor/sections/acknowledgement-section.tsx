import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  acknowledgementModes,
  format,
  maxReminders,
  sv,
  type AcknowledgementMode,
} from '@skolportalen/shared';
import { useId } from 'react';
import { SwedishDateField } from '@/components/swedish-date-field';
import { fieldId, type EditorForm } from '../editor-form';
import { reminderInWords } from '../reminder-words';

const t = sv.mustRead.editor;

/** The hours a new reminder starts with: a day, then the other usual ones, none twice. */
const usualHours = [24, 2, 72, 168, 1, 48, 12];

export function nextReminderHours(current: readonly string[]): string {
  const taken = new Set(current.map((value) => Number(value)));
  return String(usualHours.find((hours) => !taken.has(hours)) ?? 6);
}

/**
 * "Kräver läsbekräftelse" (decision 0040): when on, an optional deadline, who
 * confirms for a pupil (one guardian or every guardian) and reminders in
 * hours before the deadline, each also said in words ("1 dygn före").
 */
export function AcknowledgementSection({ form }: { form: EditorForm }) {
  const { values, set, error, restricted } = form;
  const hintId = useId();
  const reminderHintId = useId();
  const modeLabelId = useId();
  const setHours = (index: number, value: string) =>
    set({ reminderHours: values.reminderHours.map((old, at) => (at === index ? value : old)) });
  const requiredError = error('requiresAcknowledgement');
  const remindersError = error('reminderHoursBefore');
  return (
    <Stack spacing={2.5}>
      <FormControl error={Boolean(requiredError)}>
        <FormControlLabel
          control={
            <Switch
              id={fieldId('requiresAcknowledgement')}
              checked={values.requiresAcknowledgement}
              disabled={restricted}
              onChange={(event) => set({ requiresAcknowledgement: event.target.checked })}
              slotProps={{ input: { 'aria-describedby': hintId } }}
            />
          }
          label={t.requiresAcknowledgement}
        />
        <FormHelperText id={hintId} sx={{ mx: 0 }}>
          {requiredError ?? t.requiresAcknowledgementHint}
        </FormHelperText>
      </FormControl>
      {values.requiresAcknowledgement ? (
        <>
          <SwedishDateField
            id={fieldId('acknowledgeBy')}
            withTime
            label={t.acknowledgeBy}
            value={values.acknowledgeBy}
            disabled={restricted}
            onChange={(value) => set({ acknowledgeBy: value })}
            error={Boolean(error('acknowledgeBy'))}
            helperText={error('acknowledgeBy') ?? t.acknowledgeByHint}
          />
          <FormControl
            component="fieldset"
            disabled={restricted}
            error={Boolean(error('acknowledgement'))}
          >
            <FormLabel component="legend" id={modeLabelId}>
              {t.acknowledgement}
            </FormLabel>
            <RadioGroup
              id={fieldId('acknowledgement')}
              aria-labelledby={modeLabelId}
              value={values.acknowledgement}
              onChange={(event) =>
                set({ acknowledgement: event.target.value as AcknowledgementMode })
              }
            >
              {acknowledgementModes.map((mode) => (
                <FormControlLabel
                  key={mode}
                  value={mode}
                  control={<Radio />}
                  label={t.modes[mode]}
                />
              ))}
            </RadioGroup>
            {error('acknowledgement') ? (
              <FormHelperText>{error('acknowledgement')}</FormHelperText>
            ) : null}
          </FormControl>
          <FormControl
            component="fieldset"
            id={fieldId('reminderHoursBefore')}
            disabled={restricted}
            error={Boolean(remindersError)}
            aria-describedby={reminderHintId}
          >
            <FormLabel component="legend">{t.reminders}</FormLabel>
            <FormHelperText id={reminderHintId} sx={{ mx: 0, mb: 1.5 }}>
              {remindersError ?? t.remindersHint}
            </FormHelperText>
            <Stack spacing={2}>
              {values.reminderHours.length === 0 ? (
                <FormHelperText sx={{ mx: 0 }}>{t.noReminders}</FormHelperText>
              ) : null}
              {values.reminderHours.map((value, index) => {
                const field = `reminderHoursBefore.${index}`;
                const isNumber = /^\s*\d+\s*$/.test(value);
                const words = isNumber ? reminderInWords(Number(value)) : null;
                const label = format(t.reminderHours, { n: index + 1 });
                // The schema calls text that is not a number "the wrong type": say what to write.
                const problem = error(field) && !isNumber ? t.reminderNotHours : error(field);
                return (
                  <Box key={index} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                    <TextField
                      id={fieldId(field)}
                      label={label}
                      value={value}
                      disabled={restricted}
                      onChange={(event) => setHours(index, event.target.value)}
                      error={Boolean(problem)}
                      helperText={problem ?? words ?? ' '}
                      sx={{ flex: 1 }}
                      slotProps={{
                        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
                        inputLabel: { shrink: true },
                      }}
                    />
                    <IconButton
                      aria-label={format(t.removeReminder, {
                        n: index + 1,
                        when: words ?? value,
                      })}
                      disabled={restricted}
                      onClick={() =>
                        set({ reminderHours: values.reminderHours.filter((_, at) => at !== index) })
                      }
                      sx={{ mt: 1 }}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Box>
                );
              })}
              <Box>
                <Button
                  startIcon={<Add />}
                  variant="outlined"
                  disabled={restricted || values.reminderHours.length >= maxReminders}
                  onClick={() =>
                    set({
                      reminderHours: [
                        ...values.reminderHours,
                        nextReminderHours(values.reminderHours),
                      ],
                    })
                  }
                >
                  {t.addReminder}
                </Button>
              </Box>
            </Stack>
          </FormControl>
        </>
      ) : null}
    </Stack>
  );
}
