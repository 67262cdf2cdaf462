import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { sv } from '@skolportalen/shared';
import { GroupList } from '@/components/group-list';
import { PageHeading } from '@/components/page-heading';
import { useCurrentUser } from '@/lib/current-user';

export default function MyGroupsRoute() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageHeading>{sv.pageTitles.myGroups}</PageHeading>
      <Card sx={{ maxWidth: 720 }}>
        <CardContent>
          <GroupList groups={user.groups} />
        </CardContent>
      </Card>
    </>
  );
}
