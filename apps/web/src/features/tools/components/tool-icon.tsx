import Google from '@mui/icons-material/Google';
import Avatar from '@mui/material/Avatar';
import type { LinkResponse } from '@skolportalen/shared';
import { apiPaths } from '@/lib/paths';

/** Dark enough for white text at 4.5:1 or more. */
const colours = ['#00487c', '#1e6b34', '#8a3b12', '#5b2a86', '#005f66', '#7a1f3d'];

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return colours[hash % colours.length]!;
}

/** The tool's icon from the media library, or its initial when it has none. Decorative. */
export function ToolIcon({
  tool,
  size = 48,
}: {
  tool: Pick<LinkResponse, 'name' | 'icon' | 'type'>;
  size?: number;
}) {
  if (tool.icon) {
    return (
      <Avatar
        variant="rounded"
        src={apiPaths.mediaFile(tool.icon)}
        alt=""
        aria-hidden="true"
        sx={{ width: size, height: size, bgcolor: 'transparent' }}
      />
    );
  }
  return (
    <Avatar
      variant="rounded"
      aria-hidden="true"
      sx={{
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
    </Avatar>
  );
}
