import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, mainRoleOf, sv, type CurrentUserResponse } from '@skolportalen/shared';
import { GroupList } from '@/components/group-list';
import { PageHeading } from '@/components/page-heading';
import { roleCategoryOf, schoolOf, useCurrentUser } from '@/lib/current-user';
// The start page is composed from features; it moves to src/app, where that is the rule.
// eslint-disable-next-line boundaries/features-isolated
import { ToolsSection } from '@/features/tools/components/tools-section';

function roleName(user: CurrentUserResponse): string {
  const category = roleCategoryOf(user);
  if (category) return category.name;
  const key = mainRoleOf(user);
  return key ? sv.roles[key] : '';
}

/** The start page: who is signed in, as what, where, and in which groups. */
export default function StartRoute() {
  const { data: user } = useCurrentUser();
  // The default layout renders pages only once the user has loaded.
  if (!user) return null;

  const role = roleName(user).toLocaleLowerCase('sv');
  const school = schoolOf(user);

  return (
    <Stack spacing={3}>
      <div>
        <PageHeading>
          {format(sv.pages.startGreeting, { name: user.firstName || user.name })}
        </PageHeading>
        <Typography>
          {school
            ? format(sv.pages.startRoleAtSchool, { role, school: school.name })
            : format(sv.pages.startRole, { role })}
        </Typography>
      </div>
      {user.masked ? (
        <Alert severity="info">{format(sv.pages.startMasked, { name: user.name })}</Alert>
      ) : null}
      <ToolsSection />
      <Card component="section" aria-labelledby="start-groups" sx={{ maxWidth: 720 }}>
        <CardContent>
          <Typography id="start-groups" component="h2" variant="h6" gutterBottom>
            {sv.pages.startYourGroups}
          </Typography>
          <GroupList groups={user.groups} />
        </CardContent>
      </Card>
    </Stack>
  );
}
