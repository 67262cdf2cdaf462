import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { GroupTreePicker } from '@/components/group-tree-picker';
import { useGroups, useRoleCategories } from '@/lib/groups';
import { targetRoots, useTargetGroups } from '../../api/target-groups';
import { useEditorSlots } from '../editor-slots';
import { fieldId, type EditorForm } from '../editor-form';

const t = sv.posts.editor;

/**
 * Who sees the post: groups from the groups tree (or a favourite target group)
 * and role categories. The tree offers only the groups the server says the
 * person may aim at (decision 0028); the whole tree still names chosen groups.
 */
export function TargetingSection({ form }: { form: EditorForm }) {
  const { values, set, error, restricted } = form;
  const groups = useGroups();
  const allowed = useTargetGroups();
  const roles = useRoleCategories();
  const slots = useEditorSlots();
  const toggleRole = (id: number) =>
    set({
      categoryIds: values.categoryIds.includes(id)
        ? values.categoryIds.filter((item) => item !== id)
        : [...values.categoryIds, id],
    });
  return (
    <Stack spacing={3}>
      {slots.groupTemplatePicker ? (
        <Box>
          {slots.groupTemplatePicker({
            disabled: restricted,
            onChoose: (nodeIds) => set({ nodeIds: [...new Set([...values.nodeIds, ...nodeIds])] }),
          })}
        </Box>
      ) : null}
      <GroupTreePicker
        id={fieldId('nodeIds')}
        groups={groups.data ?? []}
        rootIds={targetRoots(allowed.data ?? [])}
        selected={values.nodeIds}
        onChange={(nodeIds) => set({ nodeIds })}
        legend={t.groups}
        hint={t.groupsHint}
        error={error('nodeIds')}
        disabled={restricted}
      />
      <Box
        component="fieldset"
        id={fieldId('categoryIds')}
        tabIndex={-1}
        disabled={restricted}
        sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
      >
        <Typography component="legend" sx={{ fontWeight: 700, mb: 0.5, p: 0 }}>
          {t.roleCategories}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t.roleCategoriesHint}
        </Typography>
        <FormGroup row>
          {(roles.data ?? []).map((category) => (
            <FormControlLabel
              key={category.id}
              control={
                <Checkbox
                  checked={values.categoryIds.includes(category.id)}
                  disabled={restricted}
                  onChange={() => toggleRole(category.id)}
                />
              }
              label={category.name}
            />
          ))}
        </FormGroup>
        {error('categoryIds') ? (
          <FormHelperText error>{error('categoryIds')}</FormHelperText>
        ) : null}
      </Box>
    </Stack>
  );
}
