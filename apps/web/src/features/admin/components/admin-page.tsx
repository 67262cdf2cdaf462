import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { hasCapability, sv } from '@skolportalen/shared';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';

const t = sv.pageTitles;

/** The administration's own pages; the spec's other admin pages belong to their features. */
function adminLinks(mayListRoles: boolean, maySendNotifications: boolean) {
  return [
    { href: paths.admin.users.href(), label: t.adminUsers },
    ...(mayListRoles ? [{ href: paths.admin.roles.href(), label: t.adminRoles }] : []),
    { href: paths.admin.groupsTree.href(), label: t.adminGroupsTree },
    { href: paths.admin.nodes.href(), label: t.adminNodes },
    { href: paths.admin.categories.href(), label: t.adminCategories },
    { href: paths.admin.tokens.href(), label: t.adminTokens },
    { href: paths.admin.import.href(), label: sv.admin.pageTitles.import },
    ...(maySendNotifications
      ? [{ href: paths.admin.notifications.href(), label: t.adminNotifications }]
      : []),
    { href: paths.admin.audit.href(), label: sv.admin.pageTitles.audit },
  ];
}

/** Heading, the administration's navigation and an introduction above each admin page. */
export function AdminPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const links = adminLinks(
    Boolean(user && hasCapability(user.capabilities, 'role_list')),
    Boolean(user && hasCapability(user.capabilities, 'send_notification')),
  );
  return (
    <>
      <Box component="nav" aria-label={sv.admin.nav} sx={{ mb: 2 }}>
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
        >
          {links.map((link) => {
            const current = pathname === link.href;
            return (
              <li key={link.href}>
                <Button
                  href={link.href}
                  size="small"
                  variant={current ? 'contained' : 'outlined'}
                  aria-current={current ? 'page' : undefined}
                >
                  {link.label}
                </Button>
              </li>
            );
          })}
        </Box>
      </Box>
      <PageHeading>{title}</PageHeading>
      {intro ? (
        <Typography sx={{ mb: 3, maxWidth: 900 }} color="text.secondary">
          {intro}
        </Typography>
      ) : null}
      {children}
    </>
  );
}
