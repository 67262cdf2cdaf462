import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv } from '@skolportalen/shared';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { GroupList } from '@/components/group-list';
import { PageHeading } from '@/components/page-heading';
import { StatusPage } from '@/components/status-page';
import { useCurrentUser } from '@/lib/current-user';
import { EmailNotificationsSetting } from '../components/email-notifications-setting';
import { LanguageSetting } from '../components/language-setting';
import { OwnSignIns } from '../components/own-sign-ins';
import { ProfileForm } from '../components/profile-form';

const t = sv.toolsAndProfile.profile;

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

/** `/profile/info/{uid?}`: the signed-in user's name, e-mail, roles, schools and groups. */
export default function ProfileInfoRoute() {
  const { uid } = useParams();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  if (!user) return null;

  if (uid && uid !== user.uid) {
    return <StatusPage title={sv.pageTitles.profileInfo} message={sv.profile.otherUser} />;
  }
  const schools = user.groups.filter((group) => group.type === 'Skolenhet');

  return (
    <Stack spacing={3} sx={{ maxWidth: 820 }}>
      <PageHeading>{sv.pageTitles.profileInfo}</PageHeading>
      <Card component="section" aria-labelledby="profile-edit-heading">
        <CardContent>
          <Typography id="profile-edit-heading" component="h2" variant="h6" gutterBottom>
            {t.editTitle}
          </Typography>
          <ProfileForm user={user} highlightEmail={params.get('highlightEmail') === 'true'} />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="profile-mail-heading">
        <CardContent>
          <Typography id="profile-mail-heading" component="h2" variant="h6" gutterBottom>
            {sv.notifications.settings.title}
          </Typography>
          <EmailNotificationsSetting />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="profile-language-heading">
        <CardContent>
          <Typography id="profile-language-heading" component="h2" variant="h6" gutterBottom>
            {sv.translations.profileField}
          </Typography>
          <LanguageSetting value={user.preferredLanguage} />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="profile-sign-ins-heading">
        <CardContent>
          <Typography
            id="profile-sign-ins-heading"
            component="h2"
            variant="h6"
            gutterBottom
            tabIndex={-1}
          >
            {sv.signIns.heading}
          </Typography>
          {user.maskedBy ? (
            <Typography>{sv.signIns.notWhileActingForOthers}</Typography>
          ) : (
            <OwnSignIns headingId="profile-sign-ins-heading" />
          )}
        </CardContent>
      </Card>
      <Card>
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
            <Row label={sv.profile.email}>
              <Typography color={user.email ? undefined : 'text.secondary'}>
                {user.email ?? sv.profile.noEmail}
              </Typography>
            </Row>
            <Row label={sv.profile.roles}>
              <Typography>{user.roles.map((role) => role.name).join(', ')}</Typography>
            </Row>
            <Row label={t.schools}>
              <Typography>
                {schools.length ? schools.map((school) => school.name).join(', ') : t.noSchools}
              </Typography>
            </Row>
            <Row label={sv.profile.groups}>
              <GroupList groups={user.groups} />
            </Row>
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}
