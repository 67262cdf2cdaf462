import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { postTypes, sv, type PostType } from '@skolportalen/shared';
import { endpointUrl } from '@skolportalen/shared/endpoints/endpoint';
import { retentionEndpoints } from '@skolportalen/shared/endpoints/retention';
import { useState } from 'react';
import { SwedishDateField } from '@/components/swedish-date-field';

const t = sv.retention.screen;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
/** Tools are links, not posts: the archive has none. */
const archivedTypes = postTypes.filter((type) => type !== 'tool' && type !== 'google-tool');

/**
 * "Exportera till e-arkiv": a link to the ZIP, narrowed to a type and the
 * days its versions were saved. The browser downloads it with the session
 * it has; the server audits it.
 */
export function ArchiveExportForm() {
  const [type, setType] = useState<PostType | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const written = (value: string) => value.trim() === '' || isDay(value);
  const reversed = isDay(from) && isDay(to) && from > to;
  const ready = written(from) && written(to) && !reversed;
  const href = endpointUrl(retentionEndpoints.export, undefined, {
    type: type || undefined,
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
  });
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Typography color="text.secondary">{t.exportIntro}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <TextField
          select
          label={t.exportType}
          value={type}
          onChange={(event) => setType(event.target.value as PostType | '')}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t.exportAllTypes}</MenuItem>
          {archivedTypes.map((postType) => (
            <MenuItem key={postType} value={postType}>
              {sv.content.types[postType]}
            </MenuItem>
          ))}
        </TextField>
        <SwedishDateField label={t.exportFrom} value={from} onChange={setFrom} />
        <SwedishDateField
          label={t.exportTo}
          value={to}
          onChange={setTo}
          error={reversed}
          helperText={reversed ? sv.retention.errors.fromAfterTo : undefined}
        />
      </Stack>
      {ready ? (
        <Button variant="contained" component="a" href={href} download>
          {t.exportButton}
        </Button>
      ) : (
        <Button variant="contained" disabled>
          {t.exportButton}
        </Button>
      )}
    </Stack>
  );
}
