import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  format,
  isProtectedMarking,
  sv,
  type CapabilityResponse,
  type CategoryResponse,
  type NodeResponse,
  type RoleResponse,
  type UserDetailResponse,
} from '@skolportalen/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PageLoading } from '@/components/loading-card';
import { useAdminUser } from '../api/get-user';
import { SectionCard } from './section-card';
import { StatusMessage } from './status-message';
import { UserAccountStatus } from './user-account-status';
import { UserCategoriesSection } from './user-categories-section';
import { UserDetailsForm } from './user-details-form';
import { UserGroupsSection } from './user-groups-section';
import { UserRightsSection } from './user-rights-section';
import { UserRolesSection } from './user-roles-section';
import { UserSecurityMarkingSection } from './user-security-marking-section';
import { UserTokensSection } from './user-tokens-section';

const t = sv.admin.users;

export interface UserDetailPanelProps {
  userId: number;
  roles: readonly RoleResponse[];
  nodes: readonly NodeResponse[];
  categories: readonly CategoryResponse[];
  capabilities: readonly CapabilityResponse[];
  typeLabel: (type: string) => string;
  /** The "Agera som" action, composed in by the app (it belongs to the accounts feature). */
  renderActAs?: (user: UserDetailResponse) => ReactNode;
  /** Chosen just now from the list: bring the user's name into view and focus. */
  focusOnLoad?: boolean;
}

function People({ label, people }: { label: string; people: UserDetailResponse['children'] }) {
  if (people.length === 0) return null;
  return (
    <Typography>
      <Box component="span" sx={{ fontWeight: 600 }}>{`${label}: `}</Box>
      {people.map((person) => person.name).join(', ')}
    </Typography>
  );
}

/** Everything about one user, each part editable as far as the server's `can` flags allow. */
export function UserDetailPanel({
  userId,
  renderActAs,
  focusOnLoad = false,
  ...lists
}: UserDetailPanelProps) {
  const query = useAdminUser(userId);
  const [status, setStatus] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const user = query.data;
  const loaded = Boolean(user);
  useEffect(() => {
    if (!loaded || !focusOnLoad) return;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded, focusOnLoad]);
  if (!user) return <PageLoading />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography
          ref={heading}
          tabIndex={-1}
          component="h2"
          variant="h5"
          sx={{
            fontWeight: 700,
            '&:focus': { outline: 'none' },
            '&:focus-visible': { outline: '3px solid' },
          }}
        >
          {user.name}
        </Typography>
        <Typography color="text.secondary">{user.username}</Typography>
        {user.isSuperadmin ? <Chip size="small" color="primary" label={t.superadmin} /> : null}
        {isProtectedMarking(user.securityMarking) ? (
          <Chip size="small" color="warning" label={t.protectedChip} />
        ) : null}
        {user.disabledAt ? <Chip size="small" label={t.disabledChip} /> : null}
        <Box sx={{ flex: 1 }} />
        {renderActAs?.(user)}
        {user.disabledAt ? null : <UserAccountStatus user={user} onChanged={setStatus} />}
      </Stack>
      {user.disabledAt ? <UserAccountStatus user={user} onChanged={setStatus} /> : null}
      {user.externalId ? (
        <Typography variant="body2" color="text.secondary">
          {`${sv.admin.common.externalId}: ${user.externalId}`}
        </Typography>
      ) : null}
      {isProtectedMarking(user.securityMarking) ? (
        <Alert severity="warning">
          {format(t.protectedNotice, { marking: user.securityMarking })}
        </Alert>
      ) : null}
      {!user.can.edit ? <Alert severity="info">{t.readOnly}</Alert> : null}
      <StatusMessage message={status} onClose={() => setStatus('')} />
      <SectionCard title={t.details}>
        <UserDetailsForm key={user.id} user={user} onSaved={setStatus} />
      </SectionCard>
      <SectionCard title={t.securityMarking}>
        <UserSecurityMarkingSection
          key={`${user.id}:${user.securityMarking}`}
          user={user}
          onSaved={setStatus}
        />
      </SectionCard>
      <SectionCard title={t.roles}>
        <UserRolesSection user={user} roles={lists.roles} />
      </SectionCard>
      <SectionCard title={t.groups}>
        <UserGroupsSection user={user} nodes={lists.nodes} typeLabel={lists.typeLabel} />
      </SectionCard>
      <SectionCard title={t.categories}>
        <UserCategoriesSection user={user} categories={lists.categories} />
      </SectionCard>
      {user.children.length || user.guardians.length || user.accounts.length ? (
        <SectionCard title={t.relations}>
          <People label={t.children} people={user.children} />
          <People label={t.guardians} people={user.guardians} />
          <People label={t.accounts} people={user.accounts} />
        </SectionCard>
      ) : null}
      <SectionCard title={t.rights}>
        <UserRightsSection user={user} capabilities={lists.capabilities} />
      </SectionCard>
      <SectionCard title={t.tokens}>
        <UserTokensSection user={user} />
      </SectionCard>
    </Stack>
  );
}
