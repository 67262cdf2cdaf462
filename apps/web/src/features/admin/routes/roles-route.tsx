import { format, sv, type RoleResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { PageLoading } from '@/components/loading-card';
import { useCategories } from '../api/list-categories';
import { useCapabilities, useRoles } from '../api/list-roles';
import { useDeleteRole } from '../api/delete-role';
import { useSetRoleCapability } from '../api/set-role-capability';
import { AdminPage } from '../components/admin-page';
import { ConfirmDeleteDialog } from '../components/confirm-dialog';
import { CreateRoleForm } from '../components/create-role-form';
import { RightsMatrix } from '../components/rights-matrix';
import { StatusMessage } from '../components/status-message';

/** `/profile/admin/roles`: the rights matrix and the roles themselves. */
export default function RolesRoute() {
  const roles = useRoles();
  const capabilities = useCapabilities();
  const categories = useCategories();
  const setCapability = useSetRoleCapability();
  const deleteRole = useDeleteRole();
  const [status, setStatus] = useState('');
  const [deleting, setDeleting] = useState<RoleResponse | null>(null);

  return (
    <AdminPage title={sv.pageTitles.adminRoles} intro={sv.admin.roles.intro}>
      <StatusMessage message={status} onClose={() => setStatus('')} />
      {roles.data && capabilities.data ? (
        <RightsMatrix
          roles={roles.data}
          capabilities={capabilities.data}
          busy={setCapability.isPending}
          onChange={(role, capability, state) =>
            setCapability.mutate(
              { roleId: role.id, capability: capability.key, state },
              {
                onSuccess: () =>
                  setStatus(
                    `${format(sv.admin.roles.cellLabel, { capability: capability.label, role: role.name })}: ${sv.capabilityStates[state]}`,
                  ),
              },
            )
          }
          onDeleteRole={setDeleting}
        />
      ) : (
        <PageLoading />
      )}
      <CreateRoleForm
        roleCategories={(categories.data ?? []).filter((category) => category.type === 'role')}
        onCreated={setStatus}
      />
      <ConfirmDeleteDialog
        name={deleting?.name ?? ''}
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const role = deleting!;
          setDeleting(null);
          deleteRole.mutate(role.id, {
            onSuccess: () => setStatus(format(sv.admin.roles.deleted, { name: role.name })),
          });
        }}
      />
    </AdminPage>
  );
}
