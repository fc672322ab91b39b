import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connectDatabase, type Database } from '../../src/db/client';
import type { AppDeps } from '../../src/deps';
import { type Email, type Mailer, OutboxMailer } from '../../src/modules/mail/mailer';
import { createDeps } from '../../src/runtime';
import { TEST_JWT_SECRET } from '../factories/app';
import { ScriptedStt } from '../factories/attempts';
import type { Answer, AppContext } from '../factories/caller';
import { freePort } from './s3-server';

/**
 * Several server instances for the scale-out test: a database of their own on the suite's PostgreSQL server
 * (so their job workers, started as in production, take no job of another test file and leave none of theirs
 * to one), each instance a whole app listening on its own port with its own DATA_DIR, and a round-robin HTTP
 * proxy in front of them that sends each request (and each websocket upgrade) to the next instance.
 */

export { scratchDatabase } from '../factories/scratch-database';

/** The emails one instance's worker sent (jobs of kind email), in order. */
export class CountingMailer implements Mailer {
  readonly kind = 'outbox' as const;
  readonly sent: string[] = [];
  constructor(
    private readonly inner: Mailer,
    private readonly delayMs: number,
  ) {}
  async send(email: Email) {
    this.sent.push(email.to);
    // a send takes a little while, as a real one does: one worker cannot empty the queue alone
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    await this.inner.send(email);
  }
}

export interface Instance {
  name: string;
  port: number;
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: AppDeps;
  database: Database;
  mailer: CountingMailer;
  stt: ScriptedStt;
  close(): Promise<void>;
}

/** One server instance: the whole app on `databaseUrl` and the environment given, listening on a free port. */
export async function startInstance(name: string, databaseUrl: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sim-scale-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOGIN_RATE_LIMIT_MAX: '1000',
    AUTH_ADDRESS_FAILURES_MAX: '1000000',
    ...env,
  });
  const database = connectDatabase(databaseUrl, 5);
  const mailer = new CountingMailer(new OutboxMailer(database.db), 15);
  const stt = new ScriptedStt();
  const base = createDeps(config, database.db);
  const deps = createDeps(config, database.db, { mailer, speech: { tts: base.speech.tts, stt } });
  const app = await buildApp(deps);
  await app.ready();
  let port = 0;
  for (let tries = 0; ; tries++) {
    port = await freePort();
    try {
      await app.listen({ port, host: '127.0.0.1' });
      break;
    } catch (err) {
      if (tries >= 5 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  return {
    name,
    port,
    app,
    deps,
    database,
    mailer,
    stt,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Served {
  instance: number;
  method: string;
  url: string;
  upgrade: boolean;
}

/** A round-robin proxy: request n (and upgrade n) goes to instance n mod N; `served` says which took what. */
export async function startRoundRobinProxy(ports: number[]) {
  let next = 0;
  const served: Served[] = [];
  const pick = (req: http.IncomingMessage, upgrade: boolean) => {
    const instance = next++ % ports.length;
    served.push({ instance, method: req.method ?? 'GET', url: req.url ?? '/', upgrade });
    return ports[instance];
  };
  const server = http.createServer((req, res) => {
    const port = pick(req, false);
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.once('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${err.message}`);
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const port = pick(req, true);
    const upstream = net.connect(port, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.once('error', end);
    socket.once('error', end);
    upstream.once('close', end);
    socket.once('close', end);
  });
  let port = 0;
  for (let tries = 0; ; tries++) {
    port = await freePort();
    const ok = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) =>
        err.code === 'EADDRINUSE' && tries < 5 ? resolve(false) : reject(err),
      );
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) break;
  }
  return {
    port,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An AppContext whose `app.inject` sends real HTTP requests to `port` (the proxy), so the test factories'
 * callers (caller, learner, sendPart...) go through the proxy to the instances.
 */
export function httpContext(port: number): AppContext {
  const inject = (opts: InjectOptions): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(opts.headers ?? {}))
        if (v !== undefined) headers[k.toLowerCase()] = String(v);
      let body: Buffer | undefined;
      const payload = opts.payload;
      if (Buffer.isBuffer(payload)) body = payload;
      else if (typeof payload === 'string') body = Buffer.from(payload);
      else if (payload !== undefined) {
        body = Buffer.from(JSON.stringify(payload));
        headers['content-type'] ??= 'application/json';
      }
      if (body) headers['content-length'] = String(body.length);
      const url = typeof opts.url === 'string' ? opts.url : String(opts.path ?? '/');
      const req = http.request(
        { host: '127.0.0.1', port, method: opts.method ?? 'GET', path: url, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.once('error', reject);
          res.once('end', () => {
            const raw = Buffer.concat(chunks);
            const text = raw.toString('utf8');
            const answer = {
              statusCode: res.statusCode ?? 0,
              statusMessage: res.statusMessage ?? '',
              headers: res.headers,
              rawPayload: raw,
              payload: text,
              body: text,
              json: () => JSON.parse(text),
              cookies: [],
            };
            resolve(answer as unknown as Answer);
          });
        },
      );
      req.once('error', reject);
      req.end(body);
    });
  return { app: { inject } } as unknown as AppContext;
}
