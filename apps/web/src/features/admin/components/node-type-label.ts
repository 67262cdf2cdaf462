import { sv } from '@skolportalen/shared';

const labels: Record<string, string> = sv.admin.nodes.types;

/** The Swedish name of a group type; an unknown type is shown as it is. */
export function nodeTypeLabel(type: string): string {
  return labels[type] ?? type;
}
