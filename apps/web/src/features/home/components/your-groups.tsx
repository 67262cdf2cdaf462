import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { sv, type CurrentUserResponse } from '@skolportalen/shared';
import { useId } from 'react';
import { GroupList } from '@/components/group-list';

/** "Dina grupper": the groups the user belongs to. */
export function YourGroups({ user }: { user: CurrentUserResponse }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {sv.pages.startYourGroups}
        </Typography>
        <GroupList groups={user.groups} />
      </CardContent>
    </Card>
  );
}
