import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { usePagePreload } from '@/lib/page-preload';
import { redirectTarget } from '@/lib/paths';
import { LoginForm } from '../components/login-form';
import { useSsoConfig } from '../api/sso-config';
import { SsoSignIn } from '../components/sso-sign-in';

export default function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useSsoConfig();
  // Hidden only when the server says passwords are off; if it cannot be asked the form stays, and the server still decides.
  const passwordSignIn = config.isError || config.data?.passwordSignIn === true;

  const redirect = redirectTarget(params, window.location.origin);
  // The page the sign-in returns to has its code in by then: no second round of loading.
  usePagePreload(redirect);
  const onSignedIn = () => {
    navigate(redirect, { replace: true });
  };

  return (
    <Card sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <PageHeading>{sv.login.title}</PageHeading>
        <Typography sx={{ mb: 3 }}>{sv.login.intro}</Typography>
        <SsoSignIn redirect={redirect} failure={params.get('ssoError')} />
        {passwordSignIn ? <LoginForm onSignedIn={onSignedIn} /> : null}
      </CardContent>
    </Card>
  );
}
