import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  format,
  retentionPostTypes,
  sv,
  type RetentionPostType,
  type RetentionRule,
} from '@skolportalen/shared';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useSaveRetentionRule } from '../api/retention-rules';
import { useFieldErrors } from './field-errors';

const t = sv.retention.screen;
const typeName = (type: RetentionPostType) => sv.content.types[type];

/**
 * Adds a retention rule, or changes one: the type (those without a rule),
 * how long its posts are kept, and the decision. The server's word on any
 * field shows beside it; a type that has a rule already is said at the type.
 */
export function RetentionRuleDialog({
  rule,
  takenTypes,
  onClose,
  onSaved,
}: {
  /** The rule to change; null for a new one. */
  rule: RetentionRule | null;
  takenTypes: readonly RetentionPostType[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const titleId = useId();
  const [postType, setPostType] = useState<RetentionPostType | ''>(rule?.postType ?? '');
  const [forever, setForever] = useState(rule ? rule.keepMonths === null : false);
  const [months, setMonths] = useState(rule?.keepMonths ? String(rule.keepMonths) : '');
  const [decision, setDecision] = useState(rule?.decision ?? '');
  const [typeProblem, setTypeProblem] = useState('');
  const [monthsProblem, setMonthsProblem] = useState('');
  const save = useSaveRetentionRule();
  const { errors, report, clear } = useFieldErrors();
  const choices = retentionPostTypes.filter(
    (type) => type === rule?.postType || !takenTypes.includes(type),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTypeProblem('');
    setMonthsProblem('');
    // A number field sends nothing a server could read for "", "e" or "1e3".
    if (!forever && !/^\d+$/.test(months.trim())) {
      setMonthsProblem(sv.retention.errors.keepMonths);
      return;
    }
    save.mutate(
      {
        id: rule?.id ?? null,
        rule: {
          postType: postType as RetentionPostType,
          keepMonths: forever ? null : Number(months),
          decision,
        },
      },
      {
        onSuccess: () => {
          clear();
          onSaved(t.saved);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            clear();
            setTypeProblem(error.message);
            return;
          }
          report(error);
        },
      },
    );
  };

  const typeError = typeProblem || errors.postType;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {rule ? format(t.formEditTitle, { type: typeName(rule.postType) }) : t.formAddTitle}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t.type}
              value={postType}
              onChange={(event) => setPostType(event.target.value as RetentionPostType)}
              error={Boolean(typeError)}
              helperText={typeError ?? ' '}
              required
            >
              {choices.map((type) => (
                <MenuItem key={type} value={type}>
                  {typeName(type)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Checkbox
                  checked={forever}
                  onChange={(event) => setForever(event.target.checked)}
                />
              }
              label={t.keepForever}
            />
            {forever ? null : (
              <TextField
                label={t.keepMonthsLabel}
                type="number"
                value={months}
                onChange={(event) => setMonths(event.target.value)}
                slotProps={{ htmlInput: { min: 1, max: 1200, inputMode: 'numeric' } }}
                error={Boolean(monthsProblem || errors.keepMonths)}
                helperText={monthsProblem || (errors.keepMonths ?? ' ')}
                required
              />
            )}
            <TextField
              label={t.decision}
              value={decision}
              onChange={(event) => setDecision(event.target.value)}
              error={Boolean(errors.decision)}
              helperText={errors.decision ?? t.decisionHelp}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
