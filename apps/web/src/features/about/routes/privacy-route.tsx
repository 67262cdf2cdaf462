import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { PageHeading } from '@/components/page-heading';

/** What Skolportalen stores about whom, and why. */
export default function PrivacyRoute() {
  return (
    <Stack spacing={3}>
      <div>
        <PageHeading>{sv.about.privacyTitle}</PageHeading>
        <Typography>{sv.about.privacyIntro}</Typography>
      </div>
      {sv.about.privacySections.map((section) => (
        <section key={section.heading}>
          <Typography component="h2" variant="h5" gutterBottom>
            {section.heading}
          </Typography>
          <Typography>{section.text}</Typography>
        </section>
      ))}
    </Stack>
  );
}
