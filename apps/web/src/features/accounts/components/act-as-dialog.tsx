import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, layout, sv } from '@skolportalen/shared';
import { useDeferredValue, useId, useState } from 'react';
import { useActAs, useUserSearch } from '../api/act-as';

/** Lets an administrator pick a user to act as; the server decides who may be chosen. */
export function ActAsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const users = useUserSearch(deferred);
  const actAs = useActAs();
  const titleId = useId();
  const tooShort = deferred.trim().length < 2;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: layout.defaultDialogWidth } } }}
    >
      <DialogTitle id={titleId}>{sv.masking.dialogTitle}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{sv.masking.dialogIntro}</Typography>
        <TextField
          label={sv.masking.searchLabel}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fullWidth
          autoFocus
          type="search"
          autoComplete="off"
        />
        <div aria-live="polite">
          {tooShort ? (
            <Typography sx={{ mt: 2 }} color="text.secondary">
              {sv.masking.typeToSearch}
            </Typography>
          ) : users.data && users.data.length === 0 ? (
            <Typography sx={{ mt: 2 }}>{sv.masking.noResults}</Typography>
          ) : null}
        </div>
        {!tooShort && users.data?.length ? (
          <List>
            {users.data.map((user) => (
              <ListItem
                key={user.id}
                divider
                secondaryAction={
                  <Button
                    variant="outlined"
                    disabled={!user.can.mask || actAs.isPending}
                    onClick={() => actAs.mutate(user.id)}
                    aria-label={format(sv.masking.start, { name: user.name })}
                  >
                    {user.can.mask
                      ? format(sv.masking.start, { name: user.name.split(' ')[0] ?? user.name })
                      : sv.masking.notAllowed}
                  </Button>
                }
              >
                <ListItemText
                  primary={user.name}
                  secondary={user.roles.map((role) => role.name).join(', ')}
                />
              </ListItem>
            ))}
          </List>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{sv.masking.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
