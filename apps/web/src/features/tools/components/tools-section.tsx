import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasCapability } from '@skolportalen/shared';
import { toolGridTexts } from '@skolportalen/shared/texts/start-page';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import {
  useClearToolsCacheOnFilterChange,
  useToolsList,
  type ToolsFilter,
} from '../api/tools-list';
import { ToolsGrid } from './tools-grid';

const t = toolGridTexts;

interface ToolsSectionProps {
  /** The content filter the list follows; the user's own groups and role when left out. */
  filter?: ToolsFilter;
  /** Without a heading of its own, e.g. in the mobile menu's "Verktyg" tab. */
  withHeading?: boolean;
  /** Called when a link inside leads elsewhere in the portal (closes a menu). */
  onNavigate?: () => void;
}

/** The tools grid ("Inkastare") with its heading and a way to manage one's own list. */
export function ToolsSection({ filter = {}, withHeading = true, onNavigate }: ToolsSectionProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const tools = useToolsList(filter);
  useClearToolsCacheOnFilterChange(queryClient, filter);
  const mayManage = user ? hasCapability(user.capabilities, 'edit_own_links') : false;

  let body;
  if (tools.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label={t.gridLabel} />
      </Box>
    );
  } else if (tools.isError) {
    body = <Alert severity="warning">{t.loadFailed}</Alert>;
  } else if (tools.data.length === 0) {
    body = <Typography>{t.empty}</Typography>;
  } else {
    body = <ToolsGrid tools={tools.data} label={t.gridLabel} />;
  }

  return (
    <Box
      component="section"
      aria-labelledby={withHeading ? headingId : undefined}
      aria-label={withHeading ? undefined : t.sectionTitle}
    >
      {withHeading || mayManage ? (
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}
        >
          {withHeading ? (
            <Typography id={headingId} component="h2" variant="h6">
              {t.sectionTitle}
            </Typography>
          ) : (
            <span />
          )}
          {mayManage ? (
            <Button href={paths.profile.tools.href()} size="small" onClick={onNavigate}>
              {t.manageOwn}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {body}
    </Box>
  );
}

/** The mobile menu's "Verktyg" tab: the same grid under the tab's own label. */
export function ToolsPanel({ onNavigate }: { onNavigate: () => void }) {
  return <ToolsSection withHeading={false} onNavigate={onNavigate} />;
}
