import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { format, isoWeek, longSwedishDate, svShell, weekLabel } from '@skolportalen/shared';
import { visuallyHidden } from '@/components/visually-hidden';

function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The header's date line with the ISO week, e.g. "torsdag 31 december 2026 · V.53". */
export function DateWeek({ now = new Date() }: { now?: Date }) {
  const date = longSwedishDate(now);
  return (
    <Typography variant="body2" component="p" sx={{ m: 0 }}>
      <Box component="span" sx={visuallyHidden}>
        {format(svShell.header.dateAndWeek, { date, week: isoWeek(now) })}
      </Box>
      <Box component="span" aria-hidden="true">
        <time dateTime={isoDate(now)}>{date}</time>
        {' · '}
        <strong>{weekLabel(now)}</strong>
      </Box>
    </Typography>
  );
}
