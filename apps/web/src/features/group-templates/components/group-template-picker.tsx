import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { format, sv, type GroupTemplateResponse } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { useGroupTemplates } from '../api/group-templates';

const t = sv.toolsAndProfile.groupTemplates;

export interface GroupTemplatePickerProps {
  /** Called with the template's groups; the caller fills its group targeting with them. */
  onChoose: (nodeIds: number[], template: GroupTemplateResponse) => void;
  disabled?: boolean;
}

/**
 * "Välj favoritmålgrupp": a menu of the user's favourite target groups. Made to
 * be composed into any targeting form (e.g. the content editor's) from src/app.
 */
export function GroupTemplatePicker({ onChoose, disabled = false }: GroupTemplatePickerProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const templates = useGroupTemplates();
  const buttonId = useId();
  const menuId = useId();
  const list = templates.data ?? [];
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        startIcon={<GroupsOutlined />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        title={t.chooseHint}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t.choose}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {list.length === 0 ? (
          <MenuItem disabled>{t.noneToChoose}</MenuItem>
        ) : (
          list.map((template) => (
            <MenuItem
              key={template.id}
              onClick={() => {
                close();
                onChoose([...template.nodeIds], template);
              }}
            >
              <ListItemText
                primary={template.name}
                secondary={
                  template.nodeIds.length === 1
                    ? t.oneGroup
                    : format(t.groupCount, { n: template.nodeIds.length })
                }
              />
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}
