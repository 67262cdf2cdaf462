import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv, type ApprovalRule, type RoleResponse } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { useApprovalRules, useDeleteApprovalRule } from '../api/approval-rules';
import { useRoles } from '../api/list-roles';
import { AdminPage } from '../components/admin-page';
import { ApprovalRuleDialog } from '../components/approval-rule-dialog';
import { ConfirmDeleteDialog } from '../components/confirm-dialog';
import { StatusMessage } from '../components/status-message';

const t = sv.approvals.rules;

function RuleCard({
  rule,
  roleName,
  onEdit,
  onRemove,
}: {
  rule: ApprovalRule;
  roleName: (key: string) => string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const titleId = useId();
  const approver = roleName(rule.approverRole);
  const facts: [string, string][] = [
    [
      t.covers,
      [
        rule.postTypes.length === 0
          ? t.allTypes
          : rule.postTypes.map((type) => sv.content.types[type]).join(', '),
        sv.approvals.audiences[rule.audience],
      ].join(' · '),
    ],
    [
      t.writtenBy,
      rule.authorRoles.length === 0 ? t.allAuthors : rule.authorRoles.map(roleName).join(', '),
    ],
    [
      t.approvedBy,
      rule.approverSameSchool ? format(t.sameSchoolShort, { role: approver }) : approver,
    ],
  ];
  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined">
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" gutterBottom>
          {rule.name}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dt': { fontWeight: 600 },
            '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
          }}
        >
          {facts.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="outlined"
            onClick={onEdit}
            aria-label={format(t.editNamed, { name: rule.name })}
          >
            {t.edit}
          </Button>
          <Button
            color="error"
            onClick={onRemove}
            aria-label={format(t.removeNamed, { name: rule.name })}
          >
            {t.remove}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /profile/admin/approval-rules (issue 29): which posts need a second
 * person's approval before they are published, and who approves them.
 */
export default function ApprovalRulesRoute() {
  const rules = useApprovalRules();
  const roles = useRoles();
  const remove = useDeleteApprovalRule();
  const [editing, setEditing] = useState<ApprovalRule | 'new' | null>(null);
  const [removing, setRemoving] = useState<ApprovalRule | null>(null);
  const [message, setMessage] = useState('');
  const roleList: readonly RoleResponse[] = roles.data ?? [];
  const roleName = (key: string) => roleList.find((role) => role.key === key)?.name ?? key;

  return (
    <AdminPage title={t.title} intro={t.intro}>
      <StatusMessage message={message} onClose={() => setMessage('')} />
      <Button
        variant="contained"
        startIcon={<Add />}
        onClick={() => setEditing('new')}
        disabled={!roles.data}
        sx={{ mb: 2 }}
      >
        {t.add}
      </Button>
      {rules.isFetching || roles.isFetching ? <LinearProgress aria-hidden /> : null}
      {rules.isError ? <Alert severity="warning">{t.failed}</Alert> : null}
      {rules.data ? (
        rules.data.length === 0 ? (
          <Typography>{t.none}</Typography>
        ) : (
          <Stack component="ul" aria-label={t.list} spacing={2} sx={{ listStyle: 'none', p: 0 }}>
            {rules.data.map((rule) => (
              <li key={rule.id}>
                <RuleCard
                  rule={rule}
                  roleName={roleName}
                  onEdit={() => setEditing(rule)}
                  onRemove={() => setRemoving(rule)}
                />
              </li>
            ))}
          </Stack>
        )
      ) : null}
      {editing ? (
        <ApprovalRuleDialog
          rule={editing === 'new' ? null : editing}
          roles={roleList}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage(text);
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        name={removing?.name ?? ''}
        open={removing !== null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const rule = removing;
          setRemoving(null);
          if (!rule) return;
          remove.mutate(rule.id, {
            onSuccess: () => setMessage(format(t.removed, { name: rule.name })),
          });
        }}
      />
    </AdminPage>
  );
}
