import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { format, sv, type DocumentNode } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { useCreateSharedLink } from '../api/create-link';
import { useDocumentNode } from '../api/get-node';
import { useDocumentSites } from '../api/list-sites';
import { RepositorySignIn } from './repository-sign-in';
import { needsRepositorySignIn } from './repository-sign-in-hint';

const t = sv.posts.documentPicker;

export interface DocumentLinkPickerProps {
  open: boolean;
  onClose: () => void;
  /** Called with a shared link to the chosen document (POST /link). */
  onPick: (link: { url: string; name: string }) => void;
}

interface Place {
  guid: string;
  name: string;
}

function Loading() {
  return (
    <CircularProgress
      size={28}
      sx={{ display: 'block', mx: 'auto', my: 2 }}
      aria-label={t.creating}
    />
  );
}

function FolderView({
  guid,
  onOpen,
  onChoose,
  busy,
}: {
  guid: string;
  onOpen: (place: Place) => void;
  onChoose: (node: DocumentNode) => void;
  busy: boolean;
}) {
  const node = useDocumentNode(guid);
  if (node.isPending) return <Loading />;
  if (node.isError || node.data.kind !== 'folder') return null;
  const children = node.data.children;
  if (children.length === 0) return <Typography sx={{ py: 2 }}>{t.empty}</Typography>;
  return (
    <List>
      {children.map((child) =>
        child.isFolder ? (
          <ListItem key={child.id} disablePadding>
            <ListItemButton onClick={() => onOpen({ guid: child.id, name: child.name })}>
              <ListItemIcon>
                <FolderOutlined titleAccess={sv.documents.folder} />
              </ListItemIcon>
              <ListItemText primary={child.name} />
            </ListItemButton>
          </ListItem>
        ) : (
          <ListItem key={child.id} disablePadding>
            <ListItemButton
              disabled={busy}
              onClick={() => onChoose(child)}
              aria-label={format(t.choose, { name: child.name })}
            >
              <ListItemIcon>
                <DescriptionOutlined aria-hidden />
              </ListItemIcon>
              <ListItemText primary={child.name} />
            </ListItemButton>
          </ListItem>
        ),
      )}
    </List>
  );
}

/**
 * Picks a document from the repository and makes a shared link to it, for the
 * content editor (issue 10: "insert a repository document link"). Browses
 * sites and folders; choosing a document creates the link and hands it back.
 */
export function DocumentLinkPickerDialog({ open, onClose, onPick }: DocumentLinkPickerProps) {
  const titleId = useId();
  const [trail, setTrail] = useState<Place[]>([]);
  const sites = useDocumentSites();
  const createLink = useCreateSharedLink();
  const here = trail.at(-1);

  const choose = (node: DocumentNode) =>
    createLink.mutate(
      { guid: node.id, expiresAt: null },
      {
        onSuccess: ({ entry }) => {
          setTrail([]);
          onPick({ url: entry.url, name: node.name });
        },
      },
    );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t.title}
      </DialogTitle>
      <IconButton
        onClick={onClose}
        aria-label={t.close}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers>
        <Typography sx={{ mb: 1 }}>{t.intro}</Typography>
        {createLink.isError ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {createLink.error.message || t.failed}
          </Alert>
        ) : null}
        {here ? (
          <>
            <Button
              startIcon={<ArrowBack />}
              onClick={() => setTrail((current) => current.slice(0, -1))}
            >
              {format(t.up, { name: trail.at(-2)?.name ?? t.sites })}
            </Button>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 1 }}>
              {here.name}
            </Typography>
            <FolderView
              key={here.guid}
              guid={here.guid}
              busy={createLink.isPending}
              onOpen={(place) => setTrail((current) => [...current, place])}
              onChoose={choose}
            />
          </>
        ) : (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t.sites}
            </Typography>
            {sites.isPending ? <Loading /> : null}
            {needsRepositorySignIn(sites.error) ? (
              <RepositorySignIn reason={sites.error.message} />
            ) : null}
            <List>
              {(sites.data ?? []).map((site) => (
                <ListItem key={site.id} disablePadding>
                  <ListItemButton onClick={() => setTrail([{ guid: site.guid, name: site.title }])}>
                    <ListItemIcon>
                      <FolderOutlined aria-hidden />
                    </ListItemIcon>
                    <ListItemText primary={site.title} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </>
        )}
        {createLink.isPending ? <Typography role="status">{t.creating}</Typography> : null}
      </DialogContent>
    </Dialog>
  );
}
