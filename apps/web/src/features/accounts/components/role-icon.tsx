import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CastForEducation from '@mui/icons-material/CastForEducation';
import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import School from '@mui/icons-material/School';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { mainRoleOf } from '@skolportalen/shared';

/** Caretaker, student and teacher each have their own icon (spec §2); employees get a badge. */
export function RoleIcon({
  account,
  ...props
}: { account: { roles: ReadonlyArray<{ key: string }> } } & SvgIconProps) {
  switch (mainRoleOf(account)) {
    case 'role_caretaker':
      return <FamilyRestroom {...props} />;
    case 'role_student':
      return <School {...props} />;
    case 'role_teacher':
      return <CastForEducation {...props} />;
    default:
      return <BadgeOutlined {...props} />;
  }
}
