import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  format,
  imageFileTypes,
  sv,
  toolIconCategoryIds,
  type LinkResponse,
  type LinkType,
} from '@skolportalen/shared';
import { useRef, useState } from 'react';
import { MediaPicker, type PickedMedia } from '@/components/media-picker';
import { ToolIcon } from './tool-icon';

const t = sv.toolsAndProfile.adminTools;

export type ToolIconValue = LinkResponse['media'];

function iconOf(media: PickedMedia): NonNullable<ToolIconValue> {
  return {
    id: media.id,
    filename: media.filename,
    title: media.title,
    alt: media.alt,
    image: media.image ?? { url: media.url, width: 0, height: 0 },
  };
}

interface ToolIconFieldProps {
  /** Prefix of the field's ids; `{id}-mediaId` is the button that receives focus on an error. */
  id: string;
  icon: ToolIconValue;
  /** The tool's name and type, for the preview and for which icon category comes first. */
  name: string;
  type: LinkType;
  error?: string;
  onChange: (icon: ToolIconValue) => void;
}

/** The tool's icon: a preview with its title and alt text, chosen from the media library. */
export function ToolIconField({ id, icon, name, type, error, onChange }: ToolIconFieldProps) {
  const [picking, setPicking] = useState(false);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const describedBy = [`${id}-icon-state`, `${id}-icon-hint`].join(' ');

  const remove = () => {
    onChange(null);
    // The remove button goes away; the choose button is where the user carries on.
    requestAnimationFrame(() => chooseButton.current?.focus());
  };

  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 1 }}>
        {t.icon}
      </FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <ToolIcon tool={{ name: name || '?', type, icon: null, media: icon }} size={48} />
        </Box>
        <Box id={`${id}-icon-state`} sx={{ minWidth: 0 }}>
          {icon ? (
            <>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {format(t.iconChosen, { title: icon.title })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {format(t.iconAlt, { alt: icon.alt })}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t.iconNone}
            </Typography>
          )}
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          id={`${id}-mediaId`}
          ref={chooseButton}
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlined />}
          aria-haspopup="dialog"
          aria-describedby={describedBy}
          onClick={() => setPicking(true)}
        >
          {icon ? t.iconChange : t.iconChoose}
        </Button>
        {icon ? (
          <Button color="error" onClick={remove}>
            {t.iconRemove}
          </Button>
        ) : null}
      </Stack>
      <FormHelperText id={`${id}-icon-hint`}>{error ?? t.iconHint}</FormHelperText>
      <MediaPicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(media) => onChange(iconOf(media))}
        categoryIds={toolIconCategoryIds(type)}
        fileTypes={imageFileTypes}
        title={t.iconPickerTitle}
        selectedId={icon?.id}
      />
    </FormControl>
  );
}
