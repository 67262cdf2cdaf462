import { BlockList } from '@/features/content/blocks/block-list';
import AcknowledgementLinkRoute from '@/features/must-read-link/routes/acknowledgement-link-route';

/** A must-read mail's link: the notice's blocks by the reading page's renderers. */
export default function AcknowledgementLinkPage() {
  return <AcknowledgementLinkRoute renderContent={(blocks) => <BlockList blocks={blocks} />} />;
}
