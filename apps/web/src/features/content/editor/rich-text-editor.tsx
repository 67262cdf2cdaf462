import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import FormatStrikethrough from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { format, sv } from '@skolportalen/shared';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState, type ReactNode } from 'react';
import { richTextSx } from '../blocks/html-block';
import { useEditorSlots } from './editor-slots';
import { LinkDialog } from './link-dialog';

const t = sv.posts.richText;

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The text area's accessible name. */
  label: string;
  /** Ids of elements describing the field (its error). */
  describedBy?: string;
  invalid?: boolean;
}

/** Tiptap writes "<p></p>" for an empty document; the block stores an empty string. */
const normalise = (html: string) => (html === '<p></p>' ? '' : html);

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const button =
    active === undefined ? (
      <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </IconButton>
    ) : (
      <ToggleButton
        size="small"
        value={label}
        selected={active}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onChange={onClick}
        sx={{ border: 0, p: 0.75 }}
      >
        {children}
      </ToggleButton>
    );
  return disabled ? button : <Tooltip title={label}>{button}</Tooltip>;
}

function Toolbar({
  editor,
  onLink,
  onDocument,
}: {
  editor: Editor;
  onLink: () => void;
  onDocument?: () => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      h4: current.isActive('heading', { level: 4 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Box
      role="toolbar"
      aria-label={t.toolbar}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.25,
        p: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'grey.50',
      }}
    >
      <ToolButton label={t.bold} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBold fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t.italic}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <FormatItalic fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t.underline}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      >
        <FormatUnderlined fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t.strike}
        active={state.strike}
        onClick={() => chain().toggleStrike().run()}
      >
        <FormatStrikethrough fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      {([2, 3, 4] as const).map((level) => (
        <ToolButton
          key={level}
          label={format(t.heading, { n: level - 1 })}
          active={state[`h${level}`]}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          {/* The name begins with the visible "H1" so speech input finds the button (WCAG 2.5.3). */}
          <Box component="span" sx={{ fontWeight: 700, fontSize: '0.8rem', px: 0.25 }}>
            {`H${level - 1}`}
          </Box>
        </ToolButton>
      ))}
      <ToolButton
        label={t.bulletList}
        active={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        <FormatListBulleted fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t.orderedList}
        active={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <FormatListNumbered fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t.blockquote}
        active={state.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <FormatQuote fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton label={t.link} active={state.link} onClick={onLink}>
        <InsertLink fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t.unlink}
        disabled={!state.link}
        onClick={() => chain().extendMarkRange('link').unsetLink().run()}
      >
        <LinkOff fontSize="small" />
      </ToolButton>
      {onDocument ? (
        <ToolButton label={t.documentLink} onClick={onDocument}>
          <InsertDriveFile fontSize="small" />
        </ToolButton>
      ) : null}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton label={t.undo} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo fontSize="small" />
      </ToolButton>
      <ToolButton label={t.redo} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo fontSize="small" />
      </ToolButton>
    </Box>
  );
}

/** Inserts a link: on the selection, or as new text when nothing is selected. */
function insertLink(editor: Editor, href: string, text: string) {
  const { empty } = editor.state.selection;
  if (empty && !editor.isActive('link')) {
    editor
      .chain()
      .focus()
      .insertContent({
        type: 'text',
        text: text || href,
        marks: [{ type: 'link', attrs: { href } }],
      })
      .insertContent(' ')
      .run();
    return;
  }
  editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
}

/**
 * The rich-text editor (Tiptap), loaded only when a text block is edited. It
 * writes the tags the shared HTML policy keeps: paragraphs, sub-headings,
 * emphasis, lists, quotes and links, including links to repository documents.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  describedBy,
  invalid,
}: RichTextEditorProps) {
  const slots = useEditorSlots();
  const [linkOpen, setLinkOpen] = useState(false);
  const [documentOpen, setDocumentOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto', 'tel'],
          // The HTML policy keeps href and target; it adds rel itself.
          HTMLAttributes: { rel: null, class: null },
          isAllowedUri: (url) => /^(https?:|mailto:|tel:|\/(?!\/))/i.test(url),
        },
      }),
    ],
    content: value,
    onUpdate: ({ editor: current }) => onChange(normalise(current.getHTML())),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
  });

  if (!editor) return null;
  const selectedText = () => {
    const { from, to } = editor.state.selection;
    return editor.state.doc.textBetween(from, to);
  };

  return (
    <Box
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'grey.500',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar
        editor={editor}
        onLink={() => setLinkOpen(true)}
        onDocument={slots.documentLinkPicker ? () => setDocumentOpen(true) : undefined}
      />
      <Box
        sx={{
          ...richTextSx,
          px: 2,
          '& .tiptap': { minHeight: 140, outline: 'none', py: 1 },
          '&:focus-within': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: -2,
          },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
      {linkOpen ? (
        <LinkDialog
          open
          initialUrl={(editor.getAttributes('link').href as string | undefined) ?? ''}
          askText={selectedText() === '' && !editor.isActive('link')}
          onClose={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
          onInsert={(href, text) => {
            setLinkOpen(false);
            insertLink(editor, href, text);
          }}
        />
      ) : null}
      {slots.documentLinkPicker
        ? slots.documentLinkPicker({
            open: documentOpen,
            onClose: () => {
              setDocumentOpen(false);
              editor.commands.focus();
            },
            onPick: ({ url, name }) => {
              setDocumentOpen(false);
              insertLink(editor, url, selectedText() === '' ? name : '');
            },
          })
        : null}
    </Box>
  );
}
