import Google from '@mui/icons-material/Google';
import Box from '@mui/material/Box';
import type { LinkResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { apiPaths } from '@/lib/paths';

/** Dark enough for white text at 4.5:1 or more. */
const colours = ['#00487c', '#1e6b34', '#8a3b12', '#5b2a86', '#005f66', '#7a1f3d'];

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return colours[hash % colours.length]!;
}

/** The copy to load: the library's small rendition, else the stored file by name. */
function imageOf(tool: Pick<LinkResponse, 'icon' | 'media'>) {
  if (tool.media) return tool.media.image.url;
  return tool.icon ? apiPaths.mediaFile(tool.icon) : null;
}

/**
 * The tool's icon from the media library, or its initial (a "G" for a Google
 * tool) when it has none or the file cannot be loaded. Always decorative: the
 * tool's name stands next to it wherever it is shown.
 */
export function ToolIcon({
  tool,
  size = 48,
}: {
  tool: Pick<LinkResponse, 'name' | 'icon' | 'type' | 'media'>;
  size?: number;
}) {
  const source = imageOf(tool);
  const [failed, setFailed] = useState<string | null>(null);
  if (source && failed !== source) {
    return (
      <img
        src={source}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(source)}
        style={{ width: size, height: size, objectFit: 'contain', borderRadius: 4, flexShrink: 0 }}
      />
    );
  }
  // A rounded square like MUI's Avatar, without it: the start page's tools would carry it.
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        overflow: 'hidden',
        userSelect: 'none',
        borderRadius: 1,
        lineHeight: 1,
        width: size,
        height: size,
        bgcolor: colourOf(tool.name),
        color: '#ffffff',
        fontWeight: 700,
        fontSize: size * 0.45,
      }}
    >
      {tool.type === 'google-tool' ? (
        <Google sx={{ fontSize: size * 0.55 }} />
      ) : (
        tool.name.charAt(0).toLocaleUpperCase('sv')
      )}
    </Box>
  );
}
