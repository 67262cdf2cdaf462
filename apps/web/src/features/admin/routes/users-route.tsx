import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { sv, type UserDetailResponse } from '@skolportalen/shared';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useCategories } from '../api/list-categories';
import { useAllNodes } from '../api/list-nodes';
import { useCapabilities, useRoles } from '../api/list-roles';
import { AdminPage } from '../components/admin-page';
import { nodeTypeLabel } from '../components/node-type-label';
import { UserDetailPanel } from '../components/user-detail-panel';
import { UserListPanel } from '../components/user-list-panel';

/** `/profile/admin/users`: find a user, then see and change everything about them. */
export default function UsersRoute({
  renderActAs,
}: {
  renderActAs?: (user: UserDetailResponse) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('user')) || null;
  const roles = useRoles();
  const nodes = useAllNodes();
  const categories = useCategories();
  const capabilities = useCapabilities();
  const [chosen, setChosen] = useState(false);
  const select = (id: number) => {
    setChosen(true);
    setParams({ user: String(id) });
  };

  return (
    <AdminPage title={sv.pageTitles.adminUsers}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <UserListPanel
          roles={roles.data ?? []}
          nodes={nodes.data ?? []}
          selectedId={selected}
          onSelect={select}
        />
        <Box component="section" aria-label={sv.admin.users.details}>
          {selected ? (
            <UserDetailPanel
              key={selected}
              userId={selected}
              roles={roles.data ?? []}
              nodes={nodes.data ?? []}
              categories={categories.data ?? []}
              capabilities={capabilities.data ?? []}
              typeLabel={nodeTypeLabel}
              renderActAs={renderActAs}
              focusOnLoad={chosen}
            />
          ) : (
            <Typography color="text.secondary">{sv.admin.users.selectUser}</Typography>
          )}
        </Box>
      </Box>
    </AdminPage>
  );
}
