import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { safeRedirect } from '@/lib/paths';
import { LoginForm } from '../components/login-form';

export default function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const onSignedIn = () => {
    navigate(safeRedirect(params.get('redirect'), window.location.origin), { replace: true });
  };

  return (
    <Card sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <PageHeading>{sv.login.title}</PageHeading>
        <Typography sx={{ mb: 3 }}>{sv.login.intro}</Typography>
        <LoginForm onSignedIn={onSignedIn} />
      </CardContent>
    </Card>
  );
}
