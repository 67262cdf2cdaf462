import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { sv, type BlockType } from '@skolportalen/shared';
import { useId, useState } from 'react';

/** "Lägg till block": offers only the types that may stand in this place (spec §3). */
export function AddBlockMenu({
  types,
  label,
  onAdd,
}: {
  types: readonly BlockType[];
  label: string;
  onAdd: (type: BlockType) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  if (types.length === 0) return null;
  return (
    <>
      <Button
        id={buttonId}
        size="small"
        startIcon={<Add />}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {types.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onAdd(type);
            }}
          >
            {sv.blocks.names[type]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
