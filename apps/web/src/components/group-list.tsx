import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { svShell, type NodeResponse } from '@skolportalen/shared';

/** The user's groups (nodes of category 1) with their type, or a note that there are none. */
export function GroupList({ groups }: { groups: readonly NodeResponse[] }) {
  if (groups.length === 0) return <Typography>{svShell.pages.startNoGroups}</Typography>;
  return (
    <List dense disablePadding>
      {groups.map((group) => (
        <ListItem key={group.id} disableGutters>
          <ListItemText primary={group.name} secondary={group.type} />
        </ListItem>
      ))}
    </List>
  );
}
