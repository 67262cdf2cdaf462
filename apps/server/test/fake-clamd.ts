import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * The EICAR test file, which every virus scanner reports by agreement. Built
 * from two halves so this source file is not itself reported.
 */
export const eicar = Buffer.from(
  'X5O!P%@AP[4\\PZX54(P^)7CC)7}$' + 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
  'latin1',
);

export type FakeClamdMode = 'scan' | 'silent' | 'error';

/**
 * A clamd speaking INSTREAM over TCP, for tests: it reads the framed chunks
 * the way clamd does and reports EICAR as found, anything else as OK.
 * `silent` never answers (a hung scanner); `error` answers as clamd does
 * when a stream is over its size limit.
 */
export async function startFakeClamd(mode: FakeClamdMode = 'scan') {
  const scanned: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = Buffer.alloc(0);
    let commandRead = false;
    const chunks: Buffer[] = [];
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (!commandRead) {
        const command = 'zINSTREAM\0';
        if (buffer.length < command.length) return;
        if (buffer.subarray(0, command.length).toString('latin1') !== command) {
          socket.end('UNKNOWN COMMAND\0');
          return;
        }
        buffer = buffer.subarray(command.length);
        commandRead = true;
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          const file = Buffer.concat(chunks);
          scanned.push(file);
          if (mode === 'silent') return;
          if (mode === 'error') socket.end('INSTREAM size limit exceeded. ERROR\0');
          else if (file.includes(eicar)) socket.end('stream: Eicar-Test-Signature FOUND\0');
          else socket.end('stream: OK\0');
          return;
        }
        if (buffer.length < 4 + length) return;
        chunks.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `tcp://127.0.0.1:${port}`,
    /** Every file clamd was given, whole, in order. */
    scanned,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An address where nothing listens: a scanner that is down. */
export async function unusedClamdUrl() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `tcp://127.0.0.1:${port}`;
}
