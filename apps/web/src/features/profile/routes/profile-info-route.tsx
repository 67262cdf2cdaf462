import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { format, sv, type CurrentUserResponse } from '@skolportalen/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { GroupList } from '@/components/group-list';
import { PageHeading } from '@/components/page-heading';
import { StatusPage } from '@/components/status-page';
import { useCurrentUser } from '@/lib/current-user';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '12rem 1fr' }, gap: 1, py: 1.5 }}>
      <Typography component="dt" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function EmailRow({ user, highlight }: { user: CurrentUserResponse; highlight: boolean }) {
  const alertRef = useRef<HTMLDivElement>(null);
  const missing = !user.email;
  useEffect(() => {
    if (highlight && missing) alertRef.current?.scrollIntoView?.({ block: 'center' });
  }, [highlight, missing]);

  return (
    <Row label={sv.profile.email}>
      {user.email ? (
        <Typography>{user.email}</Typography>
      ) : highlight ? (
        <Alert ref={alertRef} severity="warning" variant="outlined">
          {sv.profile.emailMissingHere}
        </Alert>
      ) : (
        <Typography color="text.secondary">{sv.profile.noEmail}</Typography>
      )}
    </Row>
  );
}

/** The signed-in user's own basic information. */
export default function ProfileInfoRoute() {
  const { uid } = useParams();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  if (!user) return null;

  if (uid && uid !== user.uid) {
    return <StatusPage title={sv.pageTitles.profileInfo} message={sv.profile.otherUser} />;
  }

  return (
    <>
      <PageHeading>{sv.pageTitles.profileInfo}</PageHeading>
      <Card sx={{ maxWidth: 820 }}>
        <CardContent>
          <Box
            component="dl"
            sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}
          >
            <Row label={sv.profile.name}>
              <Typography>{user.name}</Typography>
              {user.maskedBy ? (
                <Typography variant="body2" color="text.secondary">
                  {format(sv.profile.maskedBy, { name: user.maskedBy.name })}
                </Typography>
              ) : null}
            </Row>
            <Row label={sv.profile.username}>
              <Typography>{user.uid}</Typography>
            </Row>
            <EmailRow user={user} highlight={params.get('highlightEmail') === 'true'} />
            <Row label={sv.profile.roles}>
              <Typography>{user.roles.map((role) => role.name).join(', ')}</Typography>
            </Row>
            <Row label={sv.profile.groups}>
              <GroupList groups={user.groups} />
            </Row>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
