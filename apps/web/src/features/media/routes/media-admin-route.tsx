import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { PageHeading } from '@/components/page-heading';
import { MediaLibrary } from '../components/media-library';

/** `/profile/admin/icon` (spec §2, needs media_list): the whole media library. */
export default function MediaAdminRoute() {
  return (
    <>
      <PageHeading>{sv.media.heading}</PageHeading>
      <Typography sx={{ mb: 3 }}>{sv.media.intro}</Typography>
      <MediaLibrary mode="manage" />
    </>
  );
}
