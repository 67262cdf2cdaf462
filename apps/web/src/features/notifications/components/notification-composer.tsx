import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  format,
  notificationLimits,
  sv,
  type RecipientPreview,
  type SendNotificationRequest,
} from '@skolportalen/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { GroupTreePicker } from '@/components/group-tree-picker';
import { isApiError } from '@/lib/api-client';
import { errorStore } from '@/lib/error-store';
import { useGroups, useRoleCategories } from '@/lib/groups';
import { useSendNotification } from '../api/send-notification';

const t = sv.notifications;

export interface PickedUser {
  id: number;
  name: string;
}

/** Renders a control that finds a person and hands them over (composed in from user administration). */
export type UserPickerSlot = (onPick: (user: PickedUser) => void) => ReactNode;

interface Props {
  renderUserPicker: UserPickerSlot;
  onSent: (message: string) => void;
}

const audienceKey = (audience: SendNotificationRequest['audience']) => JSON.stringify(audience);

/**
 * Compose a notification: subject and text, the audience (groups from the
 * tree, roles, people), a count of the recipients, and — after a count for
 * this very audience — sending, confirmed in a dialog.
 */
export function NotificationComposer({ renderUserPicker, onSent }: Props) {
  const groups = useGroups();
  const roles = useRoleCategories();
  const send = useSendNotification();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [nodeIds, setNodeIds] = useState<number[]>([]);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [users, setUsers] = useState<PickedUser[]>([]);
  const [preview, setPreview] = useState<{ key: string; result: RecipientPreview } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const rolesLegendId = useId();

  const audience = { nodeIds, categoryIds, userIds: users.map((user) => user.id) };
  const current = preview !== null && preview.key === audienceKey(audience);
  const audienceError =
    errors.audience ??
    errors['audience.nodeIds'] ??
    errors['audience.categoryIds'] ??
    errors['audience.userIds'];

  const fail = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
      setErrors(error.fieldErrors);
    } else if (isApiError(error)) {
      errorStore.push({ status: error.status, url: error.url, message: error.message });
    } else {
      throw error;
    }
  };

  const count = () => {
    // Counting needs only the audience; the subject and text are checked when sending.
    send.mutate(
      { audience, dryRun: true },
      {
        onSuccess: (result) => {
          setErrors({});
          setPreview({ key: audienceKey(audience), result: result.preview });
        },
        onError: fail,
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (current) setConfirming(true);
    else count();
  };

  const confirm = () => {
    setConfirming(false);
    send.mutate(
      { subject, text, audience },
      {
        onSuccess: (result) => {
          onSent(format(t.sent, { n: result.preview.recipientCount }));
          setSubject('');
          setText('');
          setNodeIds([]);
          setCategoryIds([]);
          setUsers([]);
          setPreview(null);
          setErrors({});
        },
        onError: fail,
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <TextField
        label={t.subject}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        required
        error={Boolean(errors.subject)}
        helperText={errors.subject ?? `${subject.length}/${notificationLimits.subjectMax}`}
        slotProps={{ htmlInput: { maxLength: notificationLimits.subjectMax } }}
      />
      <TextField
        label={t.text}
        value={text}
        onChange={(event) => setText(event.target.value)}
        required
        multiline
        minRows={5}
        error={Boolean(errors.text)}
        helperText={errors.text}
        slotProps={{ htmlInput: { maxLength: notificationLimits.textMax } }}
      />

      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t.audienceTitle}
      </Typography>
      <GroupTreePicker
        groups={groups.data ?? []}
        selected={nodeIds}
        onChange={setNodeIds}
        legend={t.groups}
        hint={t.groupsHint}
      />
      <Box component="fieldset" aria-describedby={rolesLegendId} sx={{ border: 0, m: 0, p: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 700, mb: 0.5, p: 0 }}>
          {t.categories}
        </Typography>
        <Typography id={rolesLegendId} variant="body2" color="text.secondary">
          {t.categoriesHint}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          {(roles.data ?? []).map((category) => (
            <FormControlLabel
              key={category.id}
              label={category.name}
              control={
                <Checkbox
                  checked={categoryIds.includes(category.id)}
                  onChange={(event) =>
                    setCategoryIds((list) =>
                      event.target.checked
                        ? [...list, category.id]
                        : list.filter((id) => id !== category.id),
                    )
                  }
                />
              }
            />
          ))}
        </Stack>
      </Box>
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 700, mb: 1, p: 0 }}>
          {t.users}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
          {users.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t.noUsers}
            </Typography>
          ) : (
            users.map((user) => (
              <Chip
                key={user.id}
                label={user.name}
                onDelete={() => setUsers((list) => list.filter((item) => item.id !== user.id))}
                aria-label={format(t.removeUser, { name: user.name })}
              />
            ))
          )}
        </Stack>
        {renderUserPicker((user) =>
          setUsers((list) => (list.some((item) => item.id === user.id) ? list : [...list, user])),
        )}
      </Box>
      {audienceError ? <FormHelperText error>{audienceError}</FormHelperText> : null}

      <div role="status" aria-live="polite">
        {preview ? (
          <Alert severity={current ? 'info' : 'warning'} role="none">
            {current
              ? format(t.previewResult, {
                  n: preview.result.recipientCount,
                  mail: preview.result.mailCount,
                  noEmail: preview.result.noEmailCount,
                  optedOut: preview.result.optedOutCount,
                })
              : t.previewStale}
          </Alert>
        ) : null}
      </div>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={count} disabled={send.isPending}>
          {send.isPending && !confirming ? t.previewing : t.preview}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={send.isPending || !current || preview.result.recipientCount === 0}
        >
          {t.send}
        </Button>
      </Stack>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="notification-confirm-title"
      >
        <DialogTitle id="notification-confirm-title">
          {format(t.confirmTitle, { n: preview?.result.recipientCount ?? 0 })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t.confirmText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{sv.admin.common.cancel}</Button>
          <Button variant="contained" onClick={confirm}>
            {t.send}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
