import Button from '@mui/material/Button';
import { sv } from '@skolportalen/shared';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/lib/paths';

/** Where the API client sends a 503. */
export default function MaintenanceRoute() {
  return (
    <StatusPage
      title={sv.pages.maintenanceTitle}
      message={sv.pages.maintenanceMessage}
      homeLink={false}
    >
      <Button variant="contained" href={paths.home.href()}>
        {sv.pages.maintenanceRetry}
      </Button>
    </StatusPage>
  );
}
