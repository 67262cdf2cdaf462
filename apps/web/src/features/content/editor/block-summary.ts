import { format, parseToolIds, splitCells, sv, type Block } from '@skolportalen/shared';

const b = sv.posts.builder;

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

const shorten = (text: string, max = 80) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** One line telling what a block holds, shown while it is folded. */
export function blockSummary(block: Block): string {
  let text = '';
  switch (block.type) {
    case 'heading':
      text = `${format(b.headingSizeOption, { n: block.props.size })}: ${block.props.text}`;
      break;
    case 'html':
      text = plain(block.props.html);
      break;
    case 'card':
      text = block.props.title;
      break;
    case 'col':
      text = format(b.summaryCols, { n: block.props.cols });
      break;
    case 'table':
      text = block.props.caption;
      break;
    case 'table-heading':
      text = splitCells(block.props.headings).join(' | ');
      break;
    case 'table-row':
      text = splitCells(block.props.items).join(' | ');
      break;
    case 'image':
      text = block.props.alt || block.props.caption || block.props.imgSrc.split('/').pop() || '';
      break;
    case 'tool':
      text = parseToolIds(block.props.toolIds).length
        ? String(parseToolIds(block.props.toolIds).length)
        : '';
      break;
    case 'video':
      text = block.props.videoSrc;
      break;
    case 'row':
      text = '';
      break;
  }
  return shorten(text) || (block.type === 'row' ? '' : b.summaryEmpty);
}
