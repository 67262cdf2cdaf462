import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { svShell, type NodeResponse } from '@skolportalen/shared';

/** The user's groups (nodes of category 1) with their type, or a note that there are none. */
export function GroupList({ groups }: { groups: readonly NodeResponse[] }) {
  if (groups.length === 0) return <Typography>{svShell.pages.startNoGroups}</Typography>;
  // Laid out as MUI's dense List, without it: the start page's groups would carry it.
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {groups.map((group) => (
        <Box component="li" key={group.id} sx={{ py: 0.5 }}>
          <Box sx={{ my: 0.75 }}>
            <Typography variant="body2">{group.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {group.type}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
