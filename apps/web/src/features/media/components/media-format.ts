/** The file name without its ending, cut to the title's length, as a first title. */
export function titleFromFileName(fileName: string, max: number): string {
  const dot = fileName.lastIndexOf('.');
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[_-]+/g, ' ').trim();
  return stem.slice(0, max).trim();
}
