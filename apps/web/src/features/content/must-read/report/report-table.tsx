import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';
import { useScrollsSideways } from '@/lib/use-scrolls-sideways';

/**
 * A table of the report, named by `label`. Wider than the screen (a phone,
 * 200 % zoom) it scrolls on its own and then takes the keyboard focus, so
 * the arrows can scroll it.
 */
export function ReportTable({
  label,
  busy,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  const [ref, scrolls] = useScrollsSideways();
  return (
    <TableContainer
      ref={ref}
      aria-busy={busy}
      {...(scrolls ? { role: 'region', tabIndex: 0, 'aria-label': label } : {})}
    >
      <Table size="small" aria-label={label}>
        {children}
      </Table>
    </TableContainer>
  );
}
