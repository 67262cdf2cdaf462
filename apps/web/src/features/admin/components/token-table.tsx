import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { format, sv, type TokenListItem } from '@skolportalen/shared';
import type { ReactNode } from 'react';
import { useRevokeToken } from '../api/change-tokens';

const t = sv.admin.tokens;
const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short' });

/** Sign-ins with their user, kind, status and times; revocable ones have a button. */
export function TokenTable({
  tokens,
  showUser = true,
  footer,
  onRevoked,
}: {
  tokens: readonly TokenListItem[];
  showUser?: boolean;
  footer?: ReactNode;
  onRevoked?: () => void;
}) {
  const revoke = useRevokeToken();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t.listCaption}>
        <TableHead>
          <TableRow>
            {showUser ? <TableCell scope="col">{t.user}</TableCell> : null}
            <TableCell scope="col">{t.type}</TableCell>
            <TableCell scope="col">{t.status}</TableCell>
            <TableCell scope="col">{t.issued}</TableCell>
            <TableCell scope="col">{t.expires}</TableCell>
            <TableCell scope="col">{sv.admin.common.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens.map((token) => (
            <TableRow key={token.id}>
              {showUser ? (
                <TableCell>
                  {token.user.name}
                  {token.maskedBy ? (
                    <Typography variant="body2" color="text.secondary">
                      {format(t.maskedBy, { name: token.maskedBy.name })}
                    </Typography>
                  ) : null}
                </TableCell>
              ) : null}
              <TableCell>{t.types[token.type]}</TableCell>
              <TableCell>{t.statuses[token.status]}</TableCell>
              <TableCell>{dateTime.format(new Date(token.issued))}</TableCell>
              <TableCell>{dateTime.format(new Date(token.expires))}</TableCell>
              <TableCell>
                {token.can.revoke ? (
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    disabled={revoke.isPending}
                    aria-label={format(t.revokeFor, { name: token.user.name })}
                    onClick={() => revoke.mutate(token.id, { onSuccess: onRevoked })}
                  >
                    {t.revoke}
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
          {tokens.length === 0 ? (
            <TableRow>
              <TableCell colSpan={showUser ? 6 : 5}>{sv.admin.common.noResults}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      {footer}
    </TableContainer>
  );
}
