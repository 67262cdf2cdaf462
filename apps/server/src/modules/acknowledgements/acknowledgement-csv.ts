import { sv, type AcknowledgementRow } from '@skolportalen/shared';
import { csvText, csvTime } from '../../http/csv';

const t = sv.acknowledgements.csv;
const roleNames: Record<string, string> = sv.roles;

/**
 * The must-read report as a spreadsheet file: one line per expected
 * confirmation, named as the report names them ("Skyddad identitet" for a
 * person the viewer may not see).
 */
export function acknowledgementsCsv(rows: readonly AcknowledgementRow[]): string {
  const header = [
    t.name,
    t.role,
    t.child,
    t.school,
    t.class,
    t.state,
    t.acknowledgedAt,
    t.via,
    t.opened,
  ];
  const lines = rows.map((row) => [
    row.name,
    row.role === null ? '' : (roleNames[row.role] ?? row.role),
    row.childName ?? '',
    row.schoolName ?? '',
    row.className ?? '',
    sv.acknowledgements.states[row.state],
    row.acknowledgedAt === null ? '' : csvTime.format(new Date(row.acknowledgedAt)),
    row.via === null ? '' : sv.acknowledgements.via[row.via],
    row.opened ? t.yes : t.no,
  ]);
  return csvText([header, ...lines]);
}
