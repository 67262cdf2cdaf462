import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { format, parseToolIds, type BlockOf, type LinkResponse } from '@skolportalen/shared';
import { postScreenTexts } from '@skolportalen/shared/texts/content';
import { postReaderTexts } from '@skolportalen/shared/texts/start-page';
import { useId, useMemo, useState } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { useToolLinks } from '../api/tool-link';

const t = postScreenTexts.blocks;

function ToolLink({ tool }: { tool: LinkResponse }) {
  return (
    <Link
      href={tool.url}
      target="_blank"
      rel="noopener"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
    >
      {tool.name}
      <OpenInNew fontSize="small" aria-hidden />
      <span style={visuallyHidden}> {postReaderTexts.opensInNewTab}</span>
    </Link>
  );
}

/**
 * Tools as links (spec §9): one tool shows as a link; several as a list,
 * collapsed until opened, sorted by name. A removed tool is left out.
 */
export function ToolBlock({ block }: { block: BlockOf<'tool'> }) {
  const ids = useMemo(() => parseToolIds(block.props.toolIds), [block.props.toolIds]);
  const { tools, pending } = useToolLinks(ids);
  const [open, setOpen] = useState(false);
  const listId = useId();

  if (ids.length === 0) return null;
  if (pending) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
        {t.toolsLoading}
      </Typography>
    );
  }
  if (tools.length === 0) return null;
  if (tools.length === 1) {
    return (
      <Box sx={{ my: 2 }}>
        <ToolLink tool={tools[0]!} />
      </Box>
    );
  }
  return (
    <Box sx={{ my: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Button
        fullWidth
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        endIcon={open ? <ExpandLess /> : <ExpandMore />}
        sx={{ justifyContent: 'space-between', px: 2, py: 1 }}
      >
        {format(t.tools, { n: tools.length })}
        <span style={visuallyHidden}> – {open ? t.hideTools : t.showTools}</span>
      </Button>
      <Collapse in={open}>
        <Box component="ul" id={listId} sx={{ m: 0, px: 2, pb: 1.5, pt: 0, listStyle: 'none' }}>
          {tools.map((tool) => (
            <Box component="li" key={tool.id} sx={{ py: 0.5 }}>
              <ToolLink tool={tool} />
            </Box>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
