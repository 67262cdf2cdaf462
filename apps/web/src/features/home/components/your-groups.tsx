import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { format, svShell, type CurrentUserResponse } from '@skolportalen/shared';
import { useId } from 'react';
import { GroupList } from '@/components/group-list';

/**
 * "Dina grupper": the groups the user belongs to and, for a guardian, each
 * child's groups under the child's name (the guardian herself is often in none).
 */
export function YourGroups({ user }: { user: CurrentUserResponse }) {
  const headingId = useId();
  const children = user.children;
  const ownGroups =
    children.length > 0 && user.groups.length === 0 ? null : <GroupList groups={user.groups} />;
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {svShell.pages.startYourGroups}
        </Typography>
        {ownGroups}
        {children.map((child) => (
          <ChildGroups key={child.id} child={child} />
        ))}
      </CardContent>
    </Card>
  );
}

function ChildGroups({ child }: { child: CurrentUserResponse['children'][number] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Typography
        id={headingId}
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 700, mt: 1.5 }}
      >
        {format(svShell.pages.startChildGroups, { name: child.firstName })}
      </Typography>
      {child.groups.length === 0 ? (
        <Typography>
          {format(svShell.pages.startChildNoGroups, { name: child.firstName })}
        </Typography>
      ) : (
        <GroupList groups={child.groups} />
      )}
    </section>
  );
}
