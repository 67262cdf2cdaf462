import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv, type GroupMember } from '@skolportalen/shared';
import { useGroupMembers } from '../api/group-members';

const t = sv.toolsAndProfile.myGroups;

function MemberList({
  title,
  members,
  headingId,
}: {
  title: string;
  members: readonly GroupMember[];
  headingId: string;
}) {
  if (members.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} component="h4" variant="subtitle2">
        {title} ({members.length})
      </Typography>
      <List dense disablePadding>
        {members.map((member, index) => (
          <ListItem key={member.id ?? `protected-${index}`} disableGutters>
            <ListItemText
              primary={
                <>
                  {member.name}
                  {member.protected && member.id !== null ? (
                    <Chip size="small" label={t.protectedMark} sx={{ ml: 1 }} />
                  ) : null}
                </>
              }
              secondary={member.role ? sv.roles[member.role as keyof typeof sv.roles] : null}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}

/**
 * A group's class list: pupils, staff, and members with a protected identity
 * the reader may not see, counted as rows "Skyddad identitet" (decision 0039).
 */
export function GroupMembers({ groupId }: { groupId: number }) {
  const { data, isPending, isError } = useGroupMembers(groupId);
  if (isPending) {
    return (
      <Stack spacing={1} aria-busy="true">
        <Skeleton width="40%" />
        <Skeleton width="60%" />
        <Skeleton width="50%" />
      </Stack>
    );
  }
  if (isError) return <Alert severity="error">{t.membersFailed}</Alert>;
  const { members } = data;
  if (members.length === 0) return <Typography>{t.noMembers}</Typography>;
  const hidden = members.filter((member) => member.id === null);
  const shown = members.filter((member) => member.id !== null);
  const pupils = shown.filter((member) => member.role === 'role_student');
  const staff = shown.filter(
    (member) => member.role === 'role_teacher' || member.role === 'role_employee',
  );
  const others = shown.filter((member) => !pupils.includes(member) && !staff.includes(member));
  const id = (part: string) => `group-${groupId}-${part}`;
  return (
    <Stack spacing={2}>
      <Typography>
        {members.length === 1 ? t.memberCountOne : format(t.memberCount, { count: members.length })}
      </Typography>
      <MemberList title={t.pupils} members={pupils} headingId={id('pupils')} />
      <MemberList title={t.staff} members={staff} headingId={id('staff')} />
      <MemberList title={t.others} members={others} headingId={id('others')} />
      {hidden.length ? (
        <div>
          <MemberList title={t.protectedMembers} members={hidden} headingId={id('protected')} />
          <Typography variant="body2" color="text.secondary">
            {t.protectedNote}
          </Typography>
        </div>
      ) : null}
    </Stack>
  );
}
