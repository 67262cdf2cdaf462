/**
 * How deeply a JSON text nests arrays and objects, read without parsing it,
 * so a hostile file is turned away before the parser's recursion meets it.
 * Stops counting once past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92 /* \ */) index += 1;
      else if (char === 34 /* " */) inString = false;
      continue;
    }
    if (char === 34) inString = true;
    else if (char === 123 /* { */ || char === 91 /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 125 /* } */ || char === 93 /* ] */) depth -= 1;
  }
  return false;
}
