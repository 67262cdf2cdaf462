import Link from '@mui/material/Link';
import { format, type DocumentNode } from '@skolportalen/shared';
import { myDocumentsTexts } from '@skolportalen/shared/texts/start-page';
import { apiPaths, paths } from '@/lib/paths';

const t = myDocumentsTexts;

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
