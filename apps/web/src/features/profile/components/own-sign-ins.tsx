import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv, type OwnSignIn } from '@skolportalen/shared';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { useEndSignIns, useOwnSignIns } from '../api/sign-ins';
import { describeUserAgent } from '../lib/user-agent';

const t = sv.signIns;
const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

function details(signIn: OwnSignIn) {
  return [
    format(t.signedIn, { time: when(signIn.issued) }) +
      (signIn.type === 'sso' ? ` ${t.viaSso}` : ''),
    format(t.lastUsed, { time: when(signIn.lastUsed) }),
    signIn.address ? format(t.address, { address: signIn.address }) : t.unknownAddress,
  ].join(' · ');
}

/**
 * The person's sign-ins in every browser, with a way to sign out of one
 * elsewhere or of all others (ASVS 7.5.2). Focus goes to the list's heading
 * when the row that held it disappears.
 */
export function OwnSignIns({ headingId }: { headingId: string }) {
  const list = useOwnSignIns();
  const end = useEndSignIns();
  const [done, setDone] = useState('');

  if (list.isPending) return <Typography role="status">{t.loading}</Typography>;
  if (list.isError) {
    const refused = list.error instanceof ApiError && list.error.status === 403;
    return <Typography>{refused ? t.notWhileActingForOthers : t.loadFailed}</Typography>;
  }
  const others = list.data.filter((signIn) => !signIn.current);

  function endSignIns(id: string | null) {
    end.mutate(id, {
      onSuccess: (answer) => {
        setDone(
          id
            ? t.endedOne
            : answer.ended === 1
              ? t.endedOthersOne
              : format(t.endedOthers, { n: answer.ended }),
        );
        document.getElementById(headingId)?.focus();
      },
    });
  }

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t.intro}
      </Typography>
      <List disablePadding sx={{ '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
        {list.data.map((signIn) => {
          const browser = describeUserAgent(signIn.userAgent);
          return (
            <ListItem
              key={signIn.id}
              disableGutters
              sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', py: 1.5 }}
            >
              <Stack sx={{ flex: '1 1 16rem', minWidth: 0 }} spacing={0.5}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 700 }}>{browser}</Typography>
                  {signIn.current ? <Chip size="small" color="primary" label={t.current} /> : null}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {details(signIn)}
                </Typography>
              </Stack>
              {signIn.current ? null : (
                <Button
                  variant="outlined"
                  disabled={end.isPending}
                  aria-label={format(t.endOneLabel, { browser, time: when(signIn.lastUsed) })}
                  onClick={() => endSignIns(signIn.id)}
                >
                  {t.endOne}
                </Button>
              )}
            </ListItem>
          );
        })}
      </List>
      {others.length > 0 ? (
        <div>
          <Button variant="contained" disabled={end.isPending} onClick={() => endSignIns(null)}>
            {t.endOthers}
          </Button>
        </div>
      ) : (
        <Typography variant="body2">{t.onlyThis}</Typography>
      )}
      <Typography role="status" variant="body2">
        {done}
      </Typography>
    </Stack>
  );
}
