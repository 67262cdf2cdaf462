import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { hasCapability, type CurrentUserResponse } from '@skolportalen/shared';
import { useDeferredValue } from 'react';
import {
  CrisisAlerts,
  InfoMessages,
  MustReadNotices,
  NewsFeed,
  PinnedBlocks,
  PlacementPages,
} from '@/features/content';
import { MyDocuments } from '@/features/documents';
import { Welcome, YourGroups } from '@/features/home';
import { ToolsSection } from '@/features/tools/components/tools-section';
import { useCurrentUser } from '@/lib/current-user';

/**
 * The start page (spec §2 "/"), composed from the features: the must-read
 * notices still to confirm pinned on top (decision 0040), crisis alerts, messages, pinned information, the news feed, placed pages, tools and
 * the person's documents. Every piece asks for its data as the page mounts,
 * so the requests go out together (and were prefetched on navigation).
 */
export default function StartPage() {
  const { data: user } = useCurrentUser();
  // What lies below the first screen (the news, the tools, the documents, the groups) comes
  // in a second commit, right after the first: one commit of the whole page — React's DOM
  // work, Emotion's styles and the browser's layout — was the longest task of the morning.
  const withLowerPart = useDeferredValue(true, false);
  // The default layout renders pages only once the user has loaded.
  if (!user) return null;
  return (
    <Stack spacing={3}>
      <MustReadNotices />
      <CrisisAlerts />
      <Welcome user={user} />
      <InfoMessages />
      <PinnedBlocks />
      <PlacementPages placement="start-top" />
      {withLowerPart ? <LowerPart user={user} /> : null}
    </Stack>
  );
}

function LowerPart({ user }: { user: CurrentUserResponse }) {
  return (
    <>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <NewsFeed />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={3}>
            <ToolsSection />
            {hasCapability(user.capabilities, 'document_repository') ? <MyDocuments /> : null}
            <YourGroups user={user} />
          </Stack>
        </Grid>
      </Grid>
      <PlacementPages placement="start-bottom" />
    </>
  );
}
