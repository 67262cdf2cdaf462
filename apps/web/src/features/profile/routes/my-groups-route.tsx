import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv, type NodeResponse } from '@skolportalen/shared';
import { GroupList } from '@/components/group-list';
import { PageHeading } from '@/components/page-heading';
import { useCurrentUser } from '@/lib/current-user';
import { GroupMembers } from '../components/group-members';

const t = sv.toolsAndProfile.myGroups;

const sectionId = (title: string) => `my-groups-${title.replace(/\W+/g, '-').toLowerCase()}`;

/** Classes and teaching groups open to their class list, read when opened. */
function GroupsWithMembers({ title, groups }: { title: string; groups: readonly NodeResponse[] }) {
  const id = sectionId(title);
  return (
    <section aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      {groups.length ? (
        groups.map((group) => (
          <Accordion
            key={group.id}
            disableGutters
            variant="outlined"
            slotProps={{ transition: { unmountOnExit: true } }}
          >
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {group.name}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <GroupMembers groupId={group.id} />
            </AccordionDetails>
          </Accordion>
        ))
      ) : (
        <Typography>{t.none}</Typography>
      )}
    </section>
  );
}

function Section({ title, groups }: { title: string; groups: readonly NodeResponse[] }) {
  const id = sectionId(title);
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {groups.length ? <GroupList groups={groups} /> : <Typography>{t.none}</Typography>}
      </CardContent>
    </Card>
  );
}

/** `/profile/my-groups` (teachers): their classes and teaching groups, each with its class list. */
export default function MyGroupsRoute() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const of = (type: string) => user.groups.filter((group) => group.type === type);
  const others = user.groups.filter(
    (group) => !['Klass', 'Undervisning', 'Skolenhet'].includes(group.type),
  );
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <div>
        <PageHeading>{sv.pageTitles.myGroups}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      <GroupsWithMembers title={t.classes} groups={of('Klass')} />
      <GroupsWithMembers title={t.teachingGroups} groups={of('Undervisning')} />
      {others.length ? <Section title={t.otherGroups} groups={others} /> : null}
    </Stack>
  );
}
