import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, hasCapability, sv } from '@skolportalen/shared';
import { useState } from 'react';
import { PageHeading } from '@/components/page-heading';
import { visuallyHidden } from '@/components/visually-hidden';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useAddMyTool } from '../api/add-my-tool';
import { useAvailableTools } from '../api/available-tools';
import { useMyTools } from '../api/my-tools';
import { useRemoveMyTool } from '../api/remove-my-tool';
import { useSortMyTools } from '../api/sort-my-tools';
import { SortableToolList } from '../components/sortable-tool-list';
import { ToolIcon } from '../components/tool-icon';

const t = sv.toolsAndProfile.tools;

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress aria-label={sv.app.loadingBar} />
    </Box>
  );
}

/** `/profile/tools`: the user's own tool list, its order, and optional tools to add. */
export default function ProfileToolsRoute() {
  const { data: user } = useCurrentUser();
  const mine = useMyTools();
  const available = useAvailableTools();
  const add = useAddMyTool();
  const remove = useRemoveMyTool();
  const sort = useSortMyTools();
  const [status, setStatus] = useState('');
  if (!user) return null;

  const mayCustomize = hasCapability(user.capabilities, 'edit_own_links');
  const busy = add.isPending || remove.isPending || sort.isPending;
  const failure = [add.error, remove.error, sort.error].find(Boolean);
  const addable = (available.data ?? []).filter((tool) => tool.can.add);

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <div>
        <PageHeading>{sv.pageTitles.profileTools}</PageHeading>
        <Typography>{mayCustomize ? t.myListIntro : t.cannotCustomize}</Typography>
      </div>
      {failure ? (
        <Alert severity="error">{isApiError(failure) ? failure.message : sv.errors.network}</Alert>
      ) : null}
      <Box role="status" sx={visuallyHidden}>
        {status}
      </Box>
      <Card component="section" aria-labelledby="my-tools-heading">
        <Typography id="my-tools-heading" component="h2" variant="h6" sx={{ px: 2, pt: 2 }}>
          {t.myListTitle}
        </Typography>
        {mine.isPending ? (
          <Loading />
        ) : mine.data?.length ? (
          <SortableToolList
            tools={mine.data}
            sortable={mayCustomize}
            busy={busy}
            onReorder={(linkIds) =>
              sort.mutate({ userId: user.id, linkIds }, { onSuccess: () => setStatus(t.saved) })
            }
            onRemove={(tool) => remove.mutate(tool.id)}
          />
        ) : (
          <Typography sx={{ p: 2 }}>{t.empty}</Typography>
        )}
      </Card>
      {mayCustomize ? (
        <Card component="section" aria-labelledby="available-tools-heading" sx={{ p: 2 }}>
          <Typography id="available-tools-heading" component="h2" variant="h6">
            {t.availableTitle}
          </Typography>
          <Typography color="text.secondary">{t.availableIntro}</Typography>
          {available.isPending ? (
            <Loading />
          ) : addable.length ? (
            <List>
              {addable.map((tool) => (
                <ListItem
                  key={tool.id}
                  disableGutters
                  secondaryAction={
                    <Button
                      startIcon={<Add />}
                      disabled={busy}
                      onClick={() => add.mutate(tool.id)}
                      aria-label={format(t.addNamed, { name: tool.name })}
                    >
                      {t.add}
                    </Button>
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemAvatar>
                    <ToolIcon tool={tool} size={36} />
                  </ListItemAvatar>
                  <ListItemText primary={tool.name} secondary={tool.shortDescription} />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography sx={{ pt: 1 }}>{t.noneAvailable}</Typography>
          )}
        </Card>
      ) : null}
    </Stack>
  );
}
