import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A gzip-compressed tar archive (POSIX ustar, with a pax header for a path
 * longer than ustar's fields hold), written and read as a stream, so a
 * backup's files never have to fit in memory. Regular files only: a backup
 * holds files under names it chose.
 */
const block = 512;

function octal(value: number, width: number) {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | 'x') {
  const bytes = Buffer.alloc(block);
  // At most the field's 100 bytes; a longer path travels in a pax header before it.
  bytes.write(name, 0, 100, 'utf8');
  bytes.write(octal(0o644, 8), 100);
  bytes.write(octal(0, 8), 108);
  bytes.write(octal(0, 8), 116);
  bytes.write(octal(size, 12), 124);
  bytes.write(octal(Math.floor(Date.now() / 1000), 12), 136);
  bytes.write(' '.repeat(8), 148);
  bytes.write(type, 156);
  bytes.write('ustar\u000000', 257, 'latin1');
  let sum = 0;
  for (const byte of bytes) sum += byte;
  bytes.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return bytes;
}

const padding = (size: number) => Buffer.alloc((block - (size % block)) % block);

/** A pax record, `<length> path=<name>\n`, whose length counts its own digits. */
function paxPath(name: string) {
  const body = ` path=${name}\n`;
  let length = Buffer.byteLength(body);
  while (String(length + String(length).length).length !== String(length).length) length += 1;
  length += String(length).length;
  return Buffer.from(`${length}${body}`);
}

export interface TarWriter {
  /** Adds a file of exactly `size` bytes from `source`. */
  add(name: string, size: number, source: Readable | Buffer): Promise<void>;
  /** Writes the end of the archive and waits until the file is on disk. */
  close(): Promise<void>;
  /** Stops writing after a failure; the file is left as far as it got, for the caller to remove. */
  abort(): Promise<void>;
}

async function write(target: Writable, chunk: Buffer) {
  if (!target.write(chunk)) await new Promise((resolve) => target.once('drain', resolve));
}

export function writeTarGz(file: string): TarWriter {
  const gzip = createGzip();
  const out = createWriteStream(file, { flags: 'wx' });
  const done = pipeline(gzip, out);
  // Its failure is answered by close() or abort(), not left unhandled meanwhile.
  done.catch(() => undefined);
  return {
    async add(name, size, source) {
      const pathBytes = Buffer.byteLength(name);
      if (pathBytes > 100) {
        const record = paxPath(name);
        await write(gzip, header('PaxHeader', record.length, 'x'));
        await write(gzip, Buffer.concat([record, padding(record.length)]));
      }
      await write(gzip, header(name, size, '0'));
      let written = 0;
      for await (const chunk of Buffer.isBuffer(source) ? [source] : source) {
        const bytes = chunk as Buffer;
        written += bytes.length;
        if (written > size) throw new Error(`${name} grew while it was being archived`);
        await write(gzip, bytes);
      }
      if (written !== size)
        throw new Error(`${name} had ${written} bytes instead of ${size} when it was archived`);
      await write(gzip, padding(size));
    },
    async close() {
      gzip.end(Buffer.alloc(block * 2));
      await done;
    },
    async abort() {
      gzip.destroy();
      await done.catch(() => undefined);
    },
  };
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it to the end (or not at all) before asking for the next. */
  stream: Readable;
}

/** Splits the stream of a tar archive into its regular files, in order. */
export async function* readTarGz(file: string): AsyncGenerator<TarEntry> {
  const source = createReadStream(file).pipe(createGunzip());
  const reader = source[Symbol.asyncIterator]();
  let buffered: Buffer = Buffer.alloc(0);
  const take = async (length: number) => {
    while (buffered.length < length) {
      const next = await reader.next();
      if (next.done) throw new Error('the archive ends in the middle of an entry');
      buffered = Buffer.concat([buffered, next.value as Buffer]);
    }
    const bytes = buffered.subarray(0, length);
    buffered = buffered.subarray(length);
    return bytes;
  };
  let longName: string | null = null;
  for (;;) {
    const head = await take(block);
    if (head.every((byte) => byte === 0)) return;
    const field = (start: number, length: number) =>
      head
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    const padded = size + ((block - (size % block)) % block);
    if (type === 'x') {
      const record = (await take(padded)).subarray(0, size).toString('utf8');
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(record)?.[1] ?? null;
      continue;
    }
    longName = null;
    if (type !== '0') {
      await take(padded);
      continue;
    }
    // The entry's bytes, read from the archive as the reader asks for them.
    let left = size;
    const entry = new Readable({
      read() {
        const next = async () => {
          if (left > 0 && buffered.length === 0) {
            const more = await reader.next();
            if (more.done) throw new Error('the archive ends in the middle of an entry');
            buffered = more.value as Buffer;
          }
          const bytes = buffered.subarray(0, Math.min(left, buffered.length));
          buffered = buffered.subarray(bytes.length);
          left -= bytes.length;
          if (bytes.length > 0) this.push(bytes);
          if (left === 0) this.push(null);
        };
        next().catch((error: unknown) => this.destroy(error as Error));
      },
    });
    yield { name, size, stream: entry };
    // Whatever the reader left unread is skipped.
    entry.resume();
    await finished(entry);
    await take(padded - size);
  }
}
