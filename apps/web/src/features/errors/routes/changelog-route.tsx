import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { StatusPage } from '@/components/status-page';

/** What the portal offers in this version. */
export default function ChangelogRoute() {
  return (
    <StatusPage title={sv.pages.changelogTitle}>
      <section aria-labelledby="changelog-version">
        <Typography id="changelog-version" component="h2" variant="h6">
          {sv.changelog.versionTitle}
        </Typography>
        <Typography>{sv.changelog.intro}</Typography>
        <List sx={{ listStyle: 'disc', pl: 3 }}>
          {sv.changelog.items.map((item) => (
            <ListItem key={item} sx={{ display: 'list-item', py: 0.25 }}>
              <ListItemText primary={item} />
            </ListItem>
          ))}
        </List>
      </section>
    </StatusPage>
  );
}
