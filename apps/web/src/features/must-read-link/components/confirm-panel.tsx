import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv, type MyAcknowledgement } from '@skolportalen/shared';
import { useState } from 'react';

const t = sv.acknowledgementLinks.page;

interface ConfirmPanelProps {
  asked: MyAcknowledgement;
  /** Confirms for the children named, or for the reader themselves (none named). */
  onConfirm: (childIds?: number[]) => void;
  pending: boolean;
  /** This visit has confirmed something: thank the reader. */
  confirmed: boolean;
}

/**
 * "Jag har läst": one button for a reader the notice asks themselves; for a
 * guardian, one per child still to confirm for (and one for all of them),
 * each child with its state.
 */
export function ConfirmPanel({ asked, onConfirm, pending, confirmed }: ConfirmPanelProps) {
  const [clicked, setClicked] = useState('');
  const button = (key: string, label: string, childIds?: number[]) => (
    <Button
      variant="contained"
      size="large"
      disabled={pending}
      onClick={() => {
        setClicked(key);
        onConfirm(childIds);
      }}
      sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
    >
      {pending && clicked === key ? t.confirming : label}
    </Button>
  );
  const allMine = asked.children.every((child) => child.acknowledgedByMe);
  const done =
    asked.acknowledged && (confirmed || allMine) ? (
      <Alert severity="success" role="status">
        {confirmed ? t.thanks : t.alreadyDone}
      </Alert>
    ) : null;

  if (asked.children.length === 0) return done ?? button('self', t.confirm);

  const waiting = asked.children.filter((child) => !child.acknowledged);
  return (
    <Stack spacing={2} component="section" aria-labelledby="acknowledgement-children">
      <Typography id="acknowledgement-children" component="h2" variant="h6">
        {t.children}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {asked.children.map((child) => (
          <Box component="li" key={child.id}>
            {child.acknowledged ? (
              <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <CheckCircle color="success" fontSize="small" aria-hidden="true" />
                {format(child.acknowledgedByMe ? t.confirmedFor : t.confirmedByOther, {
                  name: child.name,
                })}
              </Typography>
            ) : (
              <Stack spacing={1}>
                <Typography>{format(t.pendingFor, { name: child.name })}</Typography>
                {button(String(child.id), format(t.confirmFor, { name: child.name }), [child.id])}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
      {waiting.length > 1
        ? button(
            'all',
            t.confirmAll,
            waiting.map((child) => child.id),
          )
        : null}
      {done}
    </Stack>
  );
}
