import Button from '@mui/material/Button';
import { sv } from '@skolportalen/shared';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/lib/paths';

/** The old editors' sign-in address; everyone now signs in the same way. */
export default function WpLoginRoute() {
  return (
    <StatusPage title={sv.pages.wpLoginTitle} message={sv.pages.wpLoginText} homeLink={false}>
      <Button variant="contained" href={paths.login.href()}>
        {sv.pages.wpLoginAction}
      </Button>
    </StatusPage>
  );
}
