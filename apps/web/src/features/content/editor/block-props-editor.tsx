import PhotoLibrary from '@mui/icons-material/PhotoLibraryOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { format, imageFileTypes, layout, sv, type Block, type BlockOf } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { apiPaths } from '@/lib/paths';
import { MediaPicker } from '@/components/media-picker';
import { RichTextField } from './rich-text-field';
import { ToolPicker } from './tool-picker';

const b = sv.posts.builder;

type PropsOf<B extends Block> = B['props'];

interface EditorProps<B extends Block> {
  block: B;
  name: string;
  errors: Record<string, string>;
  onChange: (props: Partial<PropsOf<B>>) => void;
}

function Text({
  label,
  value,
  error,
  onChange,
  multiline,
  hint,
  required,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  hint?: string;
  required?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      required={required}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      fullWidth
    />
  );
}

/** An image address typed or chosen from the media library (when the media slot is filled). */
function ImageSource({
  value,
  error,
  label,
  onChange,
  onPicked,
}: {
  value: string;
  error?: string;
  label: string;
  onChange: (value: string) => void;
  /** A picked image: its address and alt text, to be set together. */
  onPicked?: (src: string, alt: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <Text label={label} value={value} error={error} onChange={onChange} />
      <Button
        variant="outlined"
        startIcon={<PhotoLibrary />}
        onClick={() => setOpen(true)}
        sx={{ flexShrink: 0, mt: { sm: 1 } }}
      >
        {b.pickImage}
      </Button>
      <MediaPicker
        open={open}
        title={b.pickImage}
        fileTypes={imageFileTypes}
        onClose={() => setOpen(false)}
        onPick={(media) => {
          setOpen(false);
          // Pages show the width-limited webp copy, never a large original.
          const src = media.display?.url ?? apiPaths.mediaFile(media.filename);
          if (onPicked) onPicked(src, media.alt);
          else onChange(src);
        }}
      />
    </Stack>
  );
}

function HeadingEditor({ block, errors, onChange }: EditorProps<BlockOf<'heading'>>) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Text
        label={b.headingText}
        value={block.props.text}
        required
        error={errors.text}
        onChange={(text) => onChange({ text })}
      />
      <TextField
        select
        label={b.headingSize}
        value={block.props.size}
        onChange={(event) => onChange({ size: Number(event.target.value) as 1 })}
        error={Boolean(errors.size)}
        helperText={errors.size}
        sx={{ minWidth: 160 }}
      >
        {layout.headingSizes.map((size) => (
          <MenuItem key={size} value={size}>
            {format(b.headingSizeOption, { n: size })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

function HtmlEditor({ block, name, errors, onChange }: EditorProps<BlockOf<'html'>>) {
  const errorId = useId();
  return (
    <div>
      <RichTextField
        value={block.props.html}
        onChange={(html) => onChange({ html })}
        label={name}
        invalid={Boolean(errors.html)}
        describedBy={errors.html ? errorId : undefined}
      />
      {errors.html ? (
        <Stack id={errorId} sx={{ color: 'error.main', fontSize: '0.8rem', mt: 0.5 }}>
          {errors.html}
        </Stack>
      ) : null}
    </div>
  );
}

function CardEditor({ block, errors, onChange }: EditorProps<BlockOf<'card'>>) {
  const p = block.props;
  return (
    <Stack spacing={2}>
      <Text
        label={b.cardTitle}
        value={p.title}
        error={errors.title}
        onChange={(title) => onChange({ title })}
      />
      <Text
        label={b.cardText}
        value={p.text}
        multiline
        error={errors.text}
        onChange={(text) => onChange({ text })}
      />
      <ImageSource
        label={b.cardImage}
        value={p.imgSrc}
        error={errors.imgSrc}
        onChange={(imgSrc) => onChange({ imgSrc })}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Text
          label={b.cardButtonLabel}
          value={p.buttonLabel}
          error={errors.buttonLabel}
          onChange={(buttonLabel) => onChange({ buttonLabel })}
        />
        <Text
          label={b.cardButtonUrl}
          value={p.buttonUrl}
          error={errors.buttonUrl}
          onChange={(buttonUrl) => onChange({ buttonUrl })}
        />
      </Stack>
    </Stack>
  );
}

function ColEditor({ block, errors, onChange }: EditorProps<BlockOf<'col'>>) {
  return (
    <TextField
      select
      label={b.cols}
      value={block.props.cols}
      onChange={(event) => onChange({ cols: Number(event.target.value) as 6 })}
      error={Boolean(errors.cols)}
      helperText={errors.cols}
      sx={{ minWidth: 160 }}
    >
      {layout.columnSizes.map((cols) => (
        <MenuItem key={cols} value={cols}>
          {format(b.colsOption, { n: cols })}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ImageEditor({ block, errors, onChange }: EditorProps<BlockOf<'image'>>) {
  const p = block.props;
  return (
    <Stack spacing={2}>
      <ImageSource
        label={b.imageSrc}
        value={p.imgSrc}
        error={errors.imgSrc}
        onChange={(imgSrc) => onChange({ imgSrc })}
        onPicked={(imgSrc, alt) => onChange({ imgSrc, alt: p.alt || alt })}
      />
      <Text
        label={b.imageAlt}
        value={p.alt}
        hint={b.imageAltHint}
        error={errors.alt}
        onChange={(alt) => onChange({ alt })}
      />
      <Text
        label={b.imageCaption}
        value={p.caption}
        error={errors.caption}
        onChange={(caption) => onChange({ caption })}
      />
    </Stack>
  );
}

/** The fields of one block, by its type; blocks without fields of their own show nothing. */
export function BlockPropsEditor({
  block,
  name,
  errors,
  onChange,
}: {
  block: Block;
  name: string;
  errors: Record<string, string>;
  onChange: (props: Record<string, unknown>) => void;
}) {
  switch (block.type) {
    case 'heading':
      return <HeadingEditor block={block} name={name} errors={errors} onChange={onChange} />;
    case 'html':
      return <HtmlEditor block={block} name={name} errors={errors} onChange={onChange} />;
    case 'card':
      return <CardEditor block={block} name={name} errors={errors} onChange={onChange} />;
    case 'col':
      return <ColEditor block={block} name={name} errors={errors} onChange={onChange} />;
    case 'table':
      return (
        <Text
          label={b.tableCaption}
          value={block.props.caption}
          error={errors.caption}
          onChange={(caption) => onChange({ caption })}
        />
      );
    case 'table-heading':
      return (
        <Text
          label={b.tableHeadings}
          value={block.props.headings}
          error={errors.headings}
          onChange={(headings) => onChange({ headings })}
        />
      );
    case 'table-row':
      return (
        <Text
          label={b.tableRow}
          value={block.props.items}
          error={errors.items}
          onChange={(items) => onChange({ items })}
        />
      );
    case 'image':
      return <ImageEditor block={block} name={name} errors={errors} onChange={onChange} />;
    case 'tool':
      return (
        <ToolPicker
          value={block.props.toolIds}
          error={errors.toolIds}
          onChange={(toolIds) => onChange({ toolIds })}
        />
      );
    case 'video':
      return (
        <Stack spacing={1}>
          <Text
            label={b.videoSrc}
            value={block.props.videoSrc}
            error={errors.videoSrc}
            onChange={(videoSrc) => onChange({ videoSrc })}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={block.props.captioned}
                onChange={(event) => onChange({ captioned: event.target.checked })}
              />
            }
            label={b.videoCaptioned}
          />
          <FormHelperText sx={{ mt: '0 !important' }}>{b.videoCaptionedHint}</FormHelperText>
        </Stack>
      );
    case 'row':
      return null;
  }
}
