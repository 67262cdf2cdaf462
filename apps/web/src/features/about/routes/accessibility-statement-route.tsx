import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { PageHeading } from '@/components/page-heading';
import { FeedbackForm } from '../components/feedback-form';

const t = sv.about;

function Section({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <section>
      <Typography component="h2" variant="h5" gutterBottom>
        {heading}
      </Typography>
      {children}
    </section>
  );
}

/** The accessibility statement the DOS law requires, with its feedback function. */
export default function AccessibilityStatementRoute() {
  return (
    <Stack spacing={4}>
      <div>
        <PageHeading>{t.statementTitle}</PageHeading>
        <Typography>{t.statementIntro}</Typography>
      </div>
      <Section heading={t.complianceHeading}>
        <Typography>{t.compliance}</Typography>
      </Section>
      <Section heading={t.gapsHeading}>
        <ul>
          {t.gaps.map((gap) => (
            <Typography component="li" key={gap} sx={{ mb: 1 }}>
              {gap}
            </Typography>
          ))}
        </ul>
      </Section>
      <Section heading={t.evaluationHeading}>
        <Typography paragraph>{t.evaluation}</Typography>
        <Typography>{t.evaluatedOn}</Typography>
      </Section>
      <Section heading={t.feedbackHeading}>
        <Typography sx={{ mb: 2 }}>{t.feedbackIntro}</Typography>
        <FeedbackForm />
      </Section>
      <Section heading={t.complaintHeading}>
        <Typography paragraph>{t.complaint}</Typography>
        <Link href={t.complaintUrl} target="_blank" rel="noopener">
          {t.complaintLink}
        </Link>
      </Section>
      <Section heading={t.contactHeading}>
        <Typography>{t.contact}</Typography>
      </Section>
    </Stack>
  );
}
