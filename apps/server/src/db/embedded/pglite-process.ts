/**
 * The embedded database in its own process: PGlite (PostgreSQL in WASM) behind a PostgreSQL wire
 * protocol socket on 127.0.0.1, so the server's event loop never runs a query itself. Started and owned
 * by the server process (see embedded.ts); it exits when its parent goes away.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const dataDir = process.env.PGLITE_DATA_DIR ?? 'memory://';
const maxConnections = Number(process.env.PGLITE_MAX_CONNECTIONS ?? '20');

async function main() {
  const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  const [, port] = server.getServerConn().split(':');
  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    try {
      await server.stop();
      await db.close();
    } finally {
      process.exit(code);
    }
  };
  process.on('disconnect', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGINT', () => void shutdown(0));
  process.on('message', (msg) => {
    if (msg === 'shutdown') void shutdown(0);
  });
  process.send?.({ type: 'ready', port: Number(port) });
}

main().catch((err) => {
  process.send?.({ type: 'error', message: String(err?.stack ?? err) });
  process.exit(1);
});
