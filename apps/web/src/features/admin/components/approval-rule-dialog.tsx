import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  approvalAudiences,
  format,
  postTypes,
  sv,
  type ApprovalAudience,
  type ApprovalRule,
  type PostType,
  type RoleResponse,
} from '@skolportalen/shared';
import { useId, useState, type FormEvent } from 'react';
import { useSaveApprovalRule } from '../api/approval-rules';
import { useFieldErrors } from './field-errors';

const t = sv.approvals.rules;

const toggled = <T,>(list: readonly T[], value: T, on: boolean) =>
  on ? [...list, value] : list.filter((item) => item !== value);

/** A field's message, or the first of its list's items' (`postTypes.0`). */
const messageOf = (errors: Record<string, string>, field: string) =>
  errors[field] ??
  Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1] ??
  undefined;

/** Adding or changing a rule; the server's refusals land at their fields. */
export function ApprovalRuleDialog({
  rule,
  roles,
  onClose,
  onSaved,
}: {
  /** The rule changed, or null for a new one. */
  rule: ApprovalRule | null;
  roles: readonly RoleResponse[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const titleId = useId();
  const [name, setName] = useState(rule?.name ?? '');
  const [types, setTypes] = useState<PostType[]>(rule?.postTypes ?? []);
  const [audience, setAudience] = useState<ApprovalAudience>(rule?.audience ?? 'any');
  const [authorRoles, setAuthorRoles] = useState<string[]>(rule?.authorRoles ?? []);
  const [approverRole, setApproverRole] = useState(rule?.approverRole ?? '');
  const [sameSchool, setSameSchool] = useState(rule?.approverSameSchool ?? true);
  const save = useSaveApprovalRule();
  const { errors, report, clear } = useFieldErrors();
  const typesError = messageOf(errors, 'postTypes');
  const authorsError = messageOf(errors, 'authorRoles');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: rule?.id,
        body: {
          name,
          postTypes: types,
          audience,
          authorRoles,
          approverRole,
          approverSameSchool: sameSchool,
        },
      },
      {
        onSuccess: (saved) => {
          clear();
          onSaved(format(rule ? t.saved : t.created, { name: saved.name }));
        },
        onError: report,
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {rule ? format(t.editTitle, { name: rule.name }) : t.addTitle}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            <TextField
              label={t.name}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name ?? ' '}
              required
              fullWidth
              autoFocus
            />
            <FormControl component="fieldset" error={Boolean(typesError)}>
              <FormLabel component="legend">{t.postTypes}</FormLabel>
              <FormGroup row>
                {postTypes.map((type) => (
                  <FormControlLabel
                    key={type}
                    sx={{ minWidth: '12rem' }}
                    control={
                      <Checkbox
                        checked={types.includes(type)}
                        onChange={(event) => setTypes(toggled(types, type, event.target.checked))}
                      />
                    }
                    label={sv.content.types[type]}
                  />
                ))}
              </FormGroup>
              <FormHelperText>{typesError ?? t.postTypesHelp}</FormHelperText>
            </FormControl>
            <FormControl component="fieldset" error={Boolean(errors.audience)}>
              <FormLabel component="legend">{t.audience}</FormLabel>
              <RadioGroup
                value={audience}
                onChange={(event) => setAudience(event.target.value as ApprovalAudience)}
              >
                {approvalAudiences.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={sv.approvals.audiences[value]}
                  />
                ))}
              </RadioGroup>
              {errors.audience ? <FormHelperText>{errors.audience}</FormHelperText> : null}
            </FormControl>
            <FormControl component="fieldset" error={Boolean(authorsError)}>
              <FormLabel component="legend">{t.authorRoles}</FormLabel>
              <FormGroup row>
                {roles.map((role) => (
                  <FormControlLabel
                    key={role.key}
                    sx={{ minWidth: '12rem' }}
                    control={
                      <Checkbox
                        checked={authorRoles.includes(role.key)}
                        onChange={(event) =>
                          setAuthorRoles(toggled(authorRoles, role.key, event.target.checked))
                        }
                      />
                    }
                    label={role.name}
                  />
                ))}
              </FormGroup>
              <FormHelperText>{authorsError ?? t.authorRolesHelp}</FormHelperText>
            </FormControl>
            <TextField
              select
              label={t.approverRole}
              value={approverRole}
              onChange={(event) => setApproverRole(event.target.value)}
              error={Boolean(errors.approverRole)}
              helperText={errors.approverRole ?? ' '}
              required
              fullWidth
            >
              {roles.map((role) => (
                <MenuItem key={role.key} value={role.key}>
                  {role.name}
                </MenuItem>
              ))}
            </TextField>
            <FormControl error={Boolean(errors.approverSameSchool)}>
              <FormControlLabel
                control={
                  <Switch
                    checked={sameSchool}
                    onChange={(event) => setSameSchool(event.target.checked)}
                  />
                }
                label={t.sameSchool}
              />
              <FormHelperText>{errors.approverSameSchool ?? t.sameSchoolHelp}</FormHelperText>
            </FormControl>
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
