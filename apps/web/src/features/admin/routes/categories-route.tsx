import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { format, sv, type CategoryResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { PageLoading } from '@/components/loading-card';
import { useDeleteCategory } from '../api/change-categories';
import { useCategories } from '../api/list-categories';
import { useAllNodes } from '../api/list-nodes';
import { AdminPage } from '../components/admin-page';
import { CategoryRow } from '../components/category-row';
import { ConfirmDeleteDialog } from '../components/confirm-dialog';
import { CreateCategoryForm } from '../components/create-category-form';
import { StatusMessage } from '../components/status-message';

const t = sv.admin.categories;

/** `/profile/admin/categories`: categories, their groups, new categories. */
export default function CategoriesRoute() {
  const categories = useCategories();
  const nodes = useAllNodes();
  const remove = useDeleteCategory();
  const [status, setStatus] = useState('');
  const [deleting, setDeleting] = useState<CategoryResponse | null>(null);
  return (
    <AdminPage title={sv.pageTitles.adminCategories} intro={t.intro}>
      <Stack spacing={3}>
        <StatusMessage message={status} onClose={() => setStatus('')} />
        <CreateCategoryForm onCreated={setStatus} />
        {categories.data ? (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t.listCaption}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{sv.admin.common.key}</TableCell>
                  <TableCell scope="col">{sv.admin.common.name}</TableCell>
                  <TableCell scope="col">{sv.admin.common.type}</TableCell>
                  <TableCell scope="col">{t.nodes}</TableCell>
                  <TableCell scope="col">{sv.admin.common.actions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {categories.data.map((category) => (
                  <CategoryRow
                    key={category.id}
                    category={category}
                    nodes={nodes.data ?? []}
                    onDelete={setDeleting}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <PageLoading />
        )}
      </Stack>
      <ConfirmDeleteDialog
        name={deleting?.name ?? ''}
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const category = deleting!;
          setDeleting(null);
          remove.mutate(category.id, {
            onSuccess: () => setStatus(format(t.deleted, { name: category.name })),
          });
        }}
      />
    </AdminPage>
  );
}
