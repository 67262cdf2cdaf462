/**
 * Spreadsheet downloads (the course attendee list, the must-read report):
 * what Excel opens as it should in Swedish settings.
 */

/** Excel opens a UTF-8 file with this mark as UTF-8 (å, ä, ö intact). */
const byteOrderMark = '\uFEFF';

/**
 * One cell: a value a spreadsheet would run as a formula (= + - @, or a tab
 * or carriage return first) is made text with a leading apostrophe; every
 * cell is quoted, quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The whole file: semicolons (what Excel expects in Swedish settings), CRLF line ends. */
export function csvText(rows: readonly (readonly (string | number | null)[])[]): string {
  return byteOrderMark + rows.map((row) => row.map(csvCell).join(';')).join('\r\n') + '\r\n';
}

/** Times in a download, as Swedes read them: "2026-11-21 08:00". */
export const csvTime = new Intl.DateTimeFormat('sv-SE', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
});
