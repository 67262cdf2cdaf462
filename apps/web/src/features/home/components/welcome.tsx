import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { format, mainRoleOf, svShell, type CurrentUserResponse } from '@skolportalen/shared';
import { PageHeading } from '@/components/page-heading';
import { roleCategoryOf, schoolOf } from '@/lib/current-user';

function roleName(user: CurrentUserResponse): string {
  const category = roleCategoryOf(user);
  if (category) return category.name;
  const key = mainRoleOf(user);
  return key ? svShell.roles[key] : '';
}

/** The start page's greeting: who is signed in, as what and where. */
export function Welcome({ user }: { user: CurrentUserResponse }) {
  const role = roleName(user).toLocaleLowerCase('sv');
  const school = schoolOf(user);
  return (
    <div>
      <PageHeading>
        {format(svShell.pages.startGreeting, { name: user.firstName || user.name })}
      </PageHeading>
      <Typography>
        {school
          ? format(svShell.pages.startRoleAtSchool, { role, school: school.name })
          : format(svShell.pages.startRole, { role })}
      </Typography>
      {user.masked ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {format(svShell.pages.startMasked, { name: user.name })}
        </Alert>
      ) : null}
    </div>
  );
}
