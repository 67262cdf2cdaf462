import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { format, formatFileSize, sv, type DocumentNode } from '@skolportalen/shared';
import { useState } from 'react';
import { FavoriteButton } from './favorite-button';
import { NodeLink } from './node-link';
import { ShareDialog } from './share-dialog';

const t = sv.documents;
const dateFormat = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeStyle: 'short' });

/** A folder's content: folders first, then documents, as the server sorts them. */
export function NodeTable({ nodes }: { nodes: DocumentNode[] }) {
  const [sharing, setSharing] = useState<DocumentNode | null>(null);
  return (
    <>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t.colName}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {t.colModified}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {t.colModifiedBy}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t.colSize}</TableCell>
              <TableCell align="right">{t.colActions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {nodes.map((node) => (
              <TableRow key={node.id}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {node.isFolder ? (
                      <FolderOutlined titleAccess={t.folder} />
                    ) : (
                      <DescriptionOutlined aria-hidden />
                    )}
                    <NodeLink node={node} />
                  </Stack>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {dateFormat.format(new Date(node.modifiedAt))}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {node.modifiedByUser.displayName}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {node.content ? formatFileSize(node.content.sizeInBytes) : ''}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <FavoriteButton guid={node.id} name={node.name} favorite={node.isFavorite} />
                  {node.isFile ? (
                    <IconButton
                      aria-label={format(t.share, { name: node.name })}
                      onClick={() => setSharing(node)}
                    >
                      <ShareOutlined />
                    </IconButton>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {sharing ? (
        <ShareDialog guid={sharing.id} name={sharing.name} onClose={() => setSharing(null)} />
      ) : null}
    </>
  );
}
