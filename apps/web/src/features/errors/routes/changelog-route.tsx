import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useId } from 'react';
import changelog from '../../../../../../CHANGELOG.md?raw';
import { StatusPage } from '@/components/status-page';
import { parseChangelog, type Release } from '../changelog/parse-changelog';

// CHANGELOG.md is read at build time: the page and the repository tell the same story.
const releases = parseChangelog(changelog);

function ReleaseSection({ release }: { release: Release }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        {release.title}
      </Typography>
      {release.summary ? <Typography>{release.summary}</Typography> : null}
      <List sx={{ listStyle: 'disc', pl: 3 }}>
        {release.items.map((item) => (
          <ListItem key={item} sx={{ display: 'list-item', py: 0.25 }}>
            <ListItemText primary={item} />
          </ListItem>
        ))}
      </List>
    </section>
  );
}

/** Every release of the portal, newest first. */
export default function ChangelogRoute() {
  return (
    <StatusPage title={sv.pages.changelogTitle}>
      <Typography>{sv.changelog.intro}</Typography>
      {releases.map((release) => (
        <ReleaseSection key={release.title} release={release} />
      ))}
    </StatusPage>
  );
}
