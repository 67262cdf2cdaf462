import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { format, sv } from '@skolportalen/shared';

export interface RemovableItem {
  id: number;
  label: string;
  detail?: string;
  /** Shown, but not removable here (e.g. a category that comes with a role). */
  fixed?: boolean;
}

/** A compact list where each item has its own labelled remove button. */
export function RemovableList({
  items,
  empty,
  onRemove,
  disabled,
}: {
  items: readonly RemovableItem[];
  empty: string;
  onRemove?: (item: RemovableItem) => void;
  disabled?: boolean;
}) {
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box
      component="ul"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
    >
      {items.map((item) => (
        <Box
          component="li"
          key={item.id}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 4,
            pl: 1.5,
            pr: onRemove && !item.fixed ? 0.5 : 1.5,
            py: 0.25,
          }}
        >
          <Typography variant="body2">
            {item.label}
            {item.detail ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {` (${item.detail})`}
              </Typography>
            ) : null}
          </Typography>
          {onRemove && !item.fixed ? (
            <IconButton
              size="small"
              disabled={disabled}
              aria-label={format(sv.admin.common.remove, { name: item.label })}
              onClick={() => onRemove(item)}
            >
              <Close fontSize="small" />
            </IconButton>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
