import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { sv } from '@skolportalen/shared';
import { apiPaths } from '@/lib/paths';
import { apiRoots } from '@skolportalen/shared/api-roots';
import { useSsoConfig } from '../api/sso-config';

type SsoFailure = keyof typeof sv.sso.failed;

function isSsoFailure(value: string | null): value is SsoFailure {
  return value !== null && Object.hasOwn(sv.sso.failed, value);
}

/** Where the form for one OpenID Connect provider posts (the portal sends the browser on). */
const oidcLoginAction = (key: string) => `${apiRoots.portal}/oidc/${encodeURIComponent(key)}/login`;

/**
 * Single sign-on: a plain form post to the portal, which sends the browser on
 * to the identity provider (spec §7 POST /saml/login), one button for SAML and
 * one for each OpenID Connect provider. Shows why an earlier attempt was refused.
 */
export function SsoSignIn({ redirect, failure }: { redirect: string; failure: string | null }) {
  const config = useSsoConfig();
  const failureText = isSsoFailure(failure) ? sv.sso.failed[failure] : null;
  const providers = config.data?.providers ?? [];
  const offered = Boolean(config.data?.enabled) || providers.length > 0;
  if (!offered && !failureText) return null;

  return (
    // Without the password form below, nothing follows that needs the space.
    <Stack spacing={2} sx={{ mb: config.data?.passwordSignIn === false ? 0 : 3 }}>
      {failureText ? (
        <Alert severity="error" role="alert">
          {failureText}
        </Alert>
      ) : null}
      {offered ? (
        <>
          {config.data?.enabled ? (
            <form method="post" action={apiPaths.ssoLogin()}>
              <input type="hidden" name="redirect" value={redirect} />
              <Button type="submit" variant="contained" size="large" fullWidth>
                {config.data.label}
              </Button>
            </form>
          ) : null}
          {providers.map((provider) => (
            <form key={provider.key} method="post" action={oidcLoginAction(provider.key)}>
              <input type="hidden" name="redirect" value={redirect} />
              <Button type="submit" variant="contained" size="large" fullWidth>
                {provider.label}
              </Button>
            </form>
          ))}
          {/* The text keeps to one line where it fits (the rules either side give way) and
              wraps on a narrow screen instead of running out of the card. */}
          {config.data?.passwordSignIn ? (
            <Divider
              sx={{
                '& .MuiDivider-wrapper': {
                  whiteSpace: 'normal',
                  textAlign: 'center',
                  flexShrink: 0,
                  maxWidth: '80%',
                },
              }}
            >
              {sv.sso.or}
            </Divider>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
