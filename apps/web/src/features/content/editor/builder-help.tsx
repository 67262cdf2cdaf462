import HelpOutline from '@mui/icons-material/HelpOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import { sv } from '@skolportalen/shared';
import { useId, useState } from 'react';

const b = sv.posts.builder;

/** The page builder's keyboard help, folded until asked for (issue 13: editor accessibility help). */
export function BuilderHelp() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box sx={{ mb: 1 }}>
      <Button
        size="small"
        startIcon={<HelpOutline />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {b.help}
      </Button>
      <Collapse in={open}>
        <Box component="ul" id={id} sx={{ mt: 0.5, mb: 1, pl: 3, '& li': { mb: 0.5 } }}>
          {b.helpText.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
