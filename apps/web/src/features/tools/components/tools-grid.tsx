import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { LinkResponse } from '@skolportalen/shared';
import { toolGridTexts } from '@skolportalen/shared/texts/start-page';
import { visuallyHidden } from '@/components/visually-hidden';
import { hyphenateSwedish } from '@/lib/swedish-hyphenation';
import { ToolIcon } from './tool-icon';

const t = toolGridTexts;

/** One tool: opens in a new tab; marked "Ny" for 30 days. */
function ToolTile({ tool }: { tool: LinkResponse }) {
  return (
    <Card sx={{ height: '100%', position: 'relative' }}>
      <CardActionArea
        href={tool.url}
        target="_blank"
        rel="noopener noreferrer"
        title={tool.longDescription}
        sx={{
          height: '100%',
          p: { xs: 0.75, md: 2 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'flex-start',
          gap: 1,
          textAlign: 'center',
        }}
      >
        <ToolIcon tool={tool} size={40} />
        <Typography
          component="span"
          aria-hidden
          sx={{
            fontWeight: 600,
            fontSize: { xs: '0.75rem', sm: '0.95rem' },
            lineHeight: 1.25,
            // A long name breaks only between syllables, at its soft hyphens, never
            // mid-syllable ("Personalporta len"): the list item's overflow-wrap is undone.
            overflowWrap: 'normal',
            wordBreak: 'normal',
            hyphens: 'manual',
            maxWidth: '100%',
          }}
        >
          {hyphenateSwedish(tool.name)}
        </Typography>
        {/* The name once more, without soft hyphens, for screen readers. */}
        <Box component="span" sx={visuallyHidden}>
          {tool.name}
        </Box>
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: { xs: 'none', md: 'block' } }}
        >
          {tool.shortDescription}
        </Typography>
        {tool.isNew ? (
          // Drawn like MUI's small Chip without it, which the start page would otherwise carry.
          <Box
            component="span"
            sx={{
              position: 'absolute',
              top: 4,
              right: 4,
              display: 'inline-flex',
              alignItems: 'center',
              height: 20,
              px: 1,
              borderRadius: 2.5,
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              fontSize: '0.8125rem',
              fontWeight: 700,
              whiteSpace: 'nowrap',
            }}
          >
            {t.newBadge}
          </Box>
        ) : null}
        <Box component="span" sx={visuallyHidden}>
          {tool.type === 'google-tool' ? ` ${t.googleTool}` : ''} {t.opensInNewTab}
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** Spec §9: four columns on a phone, three from md up. */
export function ToolsGrid({ tools, label }: { tools: readonly LinkResponse[]; label: string }) {
  return (
    <Grid
      container
      component="ul"
      aria-label={label}
      spacing={{ xs: 1, md: 2 }}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {tools.map((tool) => (
        <Grid key={tool.id} component="li" size={{ xs: 3, md: 4 }}>
          <ToolTile tool={tool} />
        </Grid>
      ))}
    </Grid>
  );
}
