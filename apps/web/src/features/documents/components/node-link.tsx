import Link from '@mui/material/Link';
import { format, type DocumentNode } from '@skolportalen/shared';
import { documentTexts } from '@skolportalen/shared/texts/documents';
import { apiPaths, paths } from '@/lib/paths';

const t = documentTexts;

/**
 * A document opens by download; the server always sends it as an attachment
 * (a file, not JSON: its address is not a declared endpoint).
 */
export function NodeLink({ node }: { node: DocumentNode }) {
  return node.isFolder ? (
    <Link href={paths.documents.href(node.id)}>{node.name}</Link>
  ) : (
    <Link
      component="a"
      href={apiPaths.documentContent(node.id)}
      download={node.name}
      aria-label={format(t.download, { name: node.name })}
    >
      {node.name}
    </Link>
  );
}
