import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { format, sv } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';

const t = sv.notifications.settings;

/** Whether the portal's notifications also come as e-mail; saved as soon as it is switched. */
export function EmailNotificationsSetting() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [saved, setSaved] = useState('');
  const hintId = useId();
  if (!settings.data) return null;
  const { email, address } = settings.data;
  const hint = !address ? t.noEmail : email ? format(t.hintOn, { email: address }) : t.hintOff;
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Switch
            checked={email}
            disabled={save.isPending}
            slotProps={{ input: { 'aria-describedby': hintId } }}
            onChange={(event) =>
              save.mutate({ email: event.target.checked }, { onSuccess: () => setSaved(t.saved) })
            }
          />
        }
        label={t.label}
      />
      <Typography id={hintId} variant="body2" color="text.secondary">
        {hint}
      </Typography>
      <Typography role="status" variant="body2">
        {saved}
      </Typography>
    </Stack>
  );
}
