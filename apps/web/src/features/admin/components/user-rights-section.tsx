import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import NativeSelect from '@mui/material/NativeSelect';
import Typography from '@mui/material/Typography';
import {
  capabilityGroups,
  capabilityStateOf,
  format,
  sv,
  type CapabilityResponse,
  type UserDetailResponse,
} from '@skolportalen/shared';
import { useSetUserCapability } from '../api/set-user-capability';

const t = sv.admin.users;
type Choice = 'roles' | 'granted' | 'denied';

/** Per right: leave it to the roles, or the user's own granted/denied (decision 0003). */
export function UserRightsSection({
  user,
  capabilities,
}: {
  user: UserDetailResponse;
  capabilities: readonly CapabilityResponse[];
}) {
  const set = useSetUserCapability();
  const editable = user.can.editCapabilities;
  const choiceOf = (key: string): Choice => {
    const own = user.capabilityOverrides[key];
    return own === undefined ? 'roles' : own ? 'granted' : 'denied';
  };
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.rightsIntro}
      </Typography>
      {capabilityGroups.map((group) => {
        const inGroup = capabilities.filter((capability) => capability.group === group);
        if (inGroup.length === 0) return null;
        const own = inGroup.filter((capability) => choiceOf(capability.key) !== 'roles').length;
        return (
          <Accordion key={group} disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {sv.capabilityGroups[group]}
                {own ? ` (${own})` : ''}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Box component="dl" sx={{ m: 0 }}>
                {inGroup.map((capability) => {
                  const roleState =
                    sv.capabilityStates[capabilityStateOf(user.roleCapabilities[capability.key])];
                  return (
                    <Box
                      key={capability.key}
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: { sm: '1fr 220px' },
                        alignItems: 'center',
                        gap: 1,
                        py: 0.5,
                      }}
                    >
                      <Typography component="dt">{capability.label}</Typography>
                      <Box component="dd" sx={{ m: 0 }}>
                        <NativeSelect
                          value={choiceOf(capability.key)}
                          disabled={!editable || set.isPending}
                          onChange={(event) => {
                            const choice = event.target.value as Choice;
                            set.mutate({
                              userId: user.id,
                              capability: capability.key,
                              value: choice === 'roles' ? null : choice === 'granted',
                            });
                          }}
                          inputProps={{ 'aria-label': capability.label }}
                          variant="standard"
                          fullWidth
                        >
                          <option value="roles">
                            {format(t.rightByRoles, { state: roleState })}
                          </option>
                          <option value="granted">{sv.capabilityStates.granted}</option>
                          <option value="denied">{sv.capabilityStates.denied}</option>
                        </NativeSelect>
                      </Box>
                    </Box>
                  );
                })}
              </Box>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
