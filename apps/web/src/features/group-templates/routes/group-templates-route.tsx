import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv } from '@skolportalen/shared';
import { useState } from 'react';
import { PageHeading } from '@/components/page-heading';
import { isApiError } from '@/lib/api-client';
import { useGroups } from '@/lib/groups';
import { useDeleteGroupTemplate } from '../api/delete-group-template';
import { useGroupTemplates } from '../api/group-templates';
import { GroupTemplateForm } from '../components/group-template-form';

const t = sv.toolsAndProfile.groupTemplates;

/** `/profile/group-templates` ("Favoritmålgrupper"): the group sets a creator targets often. */
export default function GroupTemplatesRoute() {
  const templates = useGroupTemplates();
  const groups = useGroups();
  const remove = useDeleteGroupTemplate();
  const [editing, setEditing] = useState<number | null>(null);
  const list = templates.data ?? [];

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <div>
        <PageHeading>{sv.pageTitles.groupTemplates}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      {remove.error ? (
        <Alert severity="error">
          {isApiError(remove.error) ? remove.error.message : sv.errors.network}
        </Alert>
      ) : null}
      {templates.isPending || groups.isPending ? (
        <CircularProgress aria-label={sv.app.loadingBar} />
      ) : list.length === 0 ? (
        <Typography>{t.empty}</Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((template) => (
            <Card component="li" key={template.id}>
              <CardContent>
                {editing === template.id ? (
                  <GroupTemplateForm
                    template={template}
                    groups={groups.data ?? []}
                    onDone={() => setEditing(null)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <Stack spacing={1.5}>
                    <Typography component="h2" variant="h6">
                      {template.name}
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                      {template.nodes.map((node) => (
                        <Chip key={node.id} label={node.name} size="small" />
                      ))}
                    </Box>
                    <Stack direction="row" spacing={1}>
                      <Button
                        startIcon={<EditOutlined />}
                        onClick={() => setEditing(template.id)}
                        aria-label={format(t.editNamed, { name: template.name })}
                      >
                        {t.edit}
                      </Button>
                      <Button
                        color="error"
                        startIcon={<DeleteOutline />}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(template.id)}
                        aria-label={format(t.removeNamed, { name: template.name })}
                      >
                        {t.remove}
                      </Button>
                    </Stack>
                  </Stack>
                )}
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      <Card component="section" aria-labelledby="template-add-heading">
        <CardContent>
          <Typography id="template-add-heading" component="h2" variant="h6" gutterBottom>
            {t.addTitle}
          </Typography>
          <GroupTemplateForm groups={groups.data ?? []} onDone={() => undefined} />
        </CardContent>
      </Card>
    </Stack>
  );
}
