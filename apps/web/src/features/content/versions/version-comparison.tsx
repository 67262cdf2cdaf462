import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { VersionResponse } from '@skolportalen/shared';
import { versionHistoryTexts } from '@skolportalen/shared/texts/version-history';
import { useMemo, type ReactNode } from 'react';
import { DiffText } from './diff-text';
import { compareVersions, type AudienceDiff, type BlockDiff } from './version-compare';
import type { DiffPart } from './word-diff';

const t = versionHistoryTexts;

const stateLabel: Record<BlockDiff['state'], string> = {
  added: t.blockAdded,
  removed: t.blockRemoved,
  changed: t.blockChanged,
  same: t.unchanged,
};

function Part({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {heading}
      </Typography>
      {children}
    </Box>
  );
}

function Field({ label, parts }: { label: string; parts: readonly DiffPart[] }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography component="p" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="p">
        {parts.length > 0 ? <DiffText parts={parts} /> : t.empty}
      </Typography>
    </Box>
  );
}

/** Names kept, removed and added, as one line marked like the texts. */
function audienceParts(diff: AudienceDiff): DiffPart[] {
  const named = [
    ...diff.kept.map((text) => ({ kind: 'same' as const, text })),
    ...diff.removed.map((text) => ({ kind: 'removed' as const, text })),
    ...diff.added.map((text) => ({ kind: 'added' as const, text })),
  ];
  return named.flatMap((part, index) =>
    index === 0 ? [part] : [{ kind: 'same' as const, text: ', ' }, part],
  );
}

function BlockCard({ block }: { block: BlockDiff }) {
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, listStyle: 'none' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography component="h5" variant="subtitle2">
          {block.name}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={stateLabel[block.state]}
          color={
            block.state === 'removed' ? 'error' : block.state === 'added' ? 'success' : 'default'
          }
        />
      </Stack>
      {block.fields.map((field) => (
        <Field key={field.label} label={field.label} parts={field.parts} />
      ))}
      {block.formattingOnly ? <Typography variant="body2">{t.formattingChanged}</Typography> : null}
    </Box>
  );
}

/**
 * What changed from one version to another: the title and excerpt word by
 * word, each block that differs, the audience and the dates and settings.
 */
export function VersionComparison({
  older,
  newer,
}: {
  older: VersionResponse;
  newer: VersionResponse;
}) {
  const comparison = useMemo(() => compareVersions(older, newer), [older, newer]);
  const blocks = comparison.blocks.filter((block) => block.state !== 'same');
  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary">
        {t.legend}
      </Typography>
      <Part heading={t.textHeading}>
        <Field label={t.titleField} parts={comparison.title} />
        <Field label={t.excerpt} parts={comparison.excerpt} />
      </Part>
      <Part heading={t.blocksHeading}>
        {blocks.length === 0 ? (
          <Typography>{t.blocksUnchanged}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
            {blocks.map((block) => (
              <BlockCard key={`${block.state}-${block.id}`} block={block} />
            ))}
          </Stack>
        )}
      </Part>
      <Part heading={t.audienceHeading}>
        {comparison.audience.map((diff) => {
          const parts = audienceParts(diff);
          return (
            <Field
              key={diff.label}
              label={diff.label}
              parts={parts.length > 0 ? parts : [{ kind: 'same', text: t.none }]}
            />
          );
        })}
      </Part>
      <Part heading={t.settingsHeading}>
        {comparison.settings.length === 0 ? (
          <Typography>{t.unchanged}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t.settingsHeading}</TableCell>
                  <TableCell scope="col">{t.before}</TableCell>
                  <TableCell scope="col">{t.after}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {comparison.settings.map((setting) => (
                  <TableRow key={setting.label}>
                    <TableCell component="th" scope="row">
                      {setting.label}
                    </TableCell>
                    <TableCell>
                      {setting.before ? (
                        <DiffText parts={[{ kind: 'removed', text: setting.before }]} />
                      ) : (
                        t.empty
                      )}
                    </TableCell>
                    <TableCell>
                      {setting.after ? (
                        <DiffText parts={[{ kind: 'added', text: setting.after }]} />
                      ) : (
                        t.empty
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Part>
    </Stack>
  );
}
