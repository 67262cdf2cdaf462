import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv, type RetentionRule } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { useDeleteRetentionRule, useRetentionRules } from '../api/retention-rules';
import { AdminPage } from '../components/admin-page';
import { ArchiveExportForm } from '../components/archive-export-form';
import { RetentionRuleDialog } from '../components/retention-rule-dialog';
import { SectionCard } from '../components/section-card';
import { StatusMessage } from '../components/status-message';

const t = sv.retention.screen;
const typeName = (rule: RetentionRule) => sv.content.types[rule.postType];
const keepText = (rule: RetentionRule) =>
  rule.keepMonths === null
    ? t.forever
    : rule.keepMonths === 1
      ? t.oneMonth
      : format(t.months, { n: rule.keepMonths });

/** One rule: its type, how long, the decision, what the next run would delete, and its buttons. */
function RuleItem({
  rule,
  onEdit,
  onRemove,
}: {
  rule: RetentionRule;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const facts: [string, string][] = [
    [t.keep, keepText(rule)],
    [t.decision, rule.decision],
    // A rule that keeps for ever never deletes anything: no count to show.
    ...(rule.keepMonths === null
      ? []
      : [[t.nextRun, format(t.nextRunCount, { n: rule.due })] as [string, string]]),
  ];
  return (
    <Box
      component="li"
      sx={{ py: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {typeName(rule)}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
        }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          size="small"
          variant="outlined"
          onClick={onEdit}
          aria-label={format(t.editLabel, { type: typeName(rule) })}
        >
          {t.edit}
        </Button>
        <Button
          size="small"
          color="error"
          onClick={onRemove}
          aria-label={format(t.removeLabel, { type: typeName(rule) })}
        >
          {t.remove}
        </Button>
      </Stack>
    </Box>
  );
}

/** `/profile/admin/retention`: retention rules per type, the next run, and the e-archive export. */
export default function RetentionRoute() {
  const rules = useRetentionRules();
  const remove = useDeleteRetentionRule();
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<RetentionRule | null | 'new'>(null);
  const [removing, setRemoving] = useState<RetentionRule | null>(null);
  const removeTitleId = useId();
  const list = rules.data ?? [];
  const due = list.reduce((sum, rule) => sum + rule.due, 0);

  return (
    <AdminPage title={sv.admin.pageTitles.retention} intro={t.intro}>
      <Stack spacing={3} sx={{ maxWidth: 900 }}>
        <StatusMessage message={status} onClose={() => setStatus('')} />
        <SectionCard title={t.rulesTitle}>
          {rules.data ? (
            <>
              <Typography sx={{ mb: 1 }}>
                {due > 0 ? format(t.nextRunIntro, { n: due }) : t.nextRunNone}
              </Typography>
              {list.length === 0 ? (
                <Typography color="text.secondary">{t.noRules}</Typography>
              ) : (
                <Box
                  component="ul"
                  aria-label={t.rulesCaption}
                  sx={{ listStyle: 'none', m: 0, p: 0 }}
                >
                  {list.map((rule) => (
                    <RuleItem
                      key={rule.id}
                      rule={rule}
                      onEdit={() => setEditing(rule)}
                      onRemove={() => setRemoving(rule)}
                    />
                  ))}
                </Box>
              )}
              <Button variant="contained" sx={{ mt: 2 }} onClick={() => setEditing('new')}>
                {t.add}
              </Button>
            </>
          ) : null}
        </SectionCard>
        <SectionCard title={t.exportTitle}>
          <ArchiveExportForm />
        </SectionCard>
      </Stack>
      {editing !== null ? (
        <RetentionRuleDialog
          rule={editing === 'new' ? null : editing}
          takenTypes={list.map((rule) => rule.postType)}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setStatus(message);
          }}
        />
      ) : null}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        aria-labelledby={removeTitleId}
      >
        <DialogTitle id={removeTitleId}>{t.removeTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {removing ? format(t.removeText, { type: typeName(removing) }) : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{t.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => {
              const rule = removing!;
              remove.mutate(rule.id, {
                onSuccess: () => {
                  setRemoving(null);
                  setStatus(t.removed);
                },
              });
            }}
          >
            {t.remove}
          </Button>
        </DialogActions>
      </Dialog>
    </AdminPage>
  );
}
