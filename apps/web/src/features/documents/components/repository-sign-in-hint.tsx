import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { myDocumentsTexts } from '@skolportalen/shared/texts/start-page';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { signInCode } from '../api/keys';

const t = myDocumentsTexts;

/** True when a read of the area failed because the repository wants the person to sign in. */
export function needsRepositorySignIn(error: unknown): error is Error {
  return isApiError(error) && error.code === signInCode;
}

/** On the start page: a short line to the area instead of a form. */
export function RepositorySignInHint() {
  return (
    <Typography>
      <Link href={paths.documents.href()}>{t.signInHint}</Link>
    </Typography>
  );
}
