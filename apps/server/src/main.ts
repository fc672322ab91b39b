import { buildApp } from './app';
import { loadConfig } from './config';
import { connectDatabase } from './db/client';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embedded/embedded';
import { prepareDatabase } from './db/prepare';
import { S3BlobStore } from './lib/s3-blob-store';
import { createDeps, defaultWebDist } from './runtime';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo';
import { seedDemoAssignments } from './seed/demo-assignments';
import { seedDemoCases } from './seed/demo-cases';
import { seedDemoSim } from './seed/demo-sim';

async function main() {
  const config = loadConfig();
  const embedded: EmbeddedDatabase | undefined = config.databaseUrl
    ? undefined
    : await startEmbeddedDatabase({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        maxConnections: Math.max(100, config.dbPoolSize * 2 + 20),
      });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const database = connectDatabase(databaseUrl, config.dbPoolSize);
  await prepareDatabase(database);
  const deps = createDeps(config, database.db);
  if (deps.blobs instanceof S3BlobStore) await deps.blobs.check();
  const demo = config.seedDemo ? await seedDemo(database.db) : null;
  const seeded = demo?.seeded ?? false;
  if (demo) await seedDemoSim(deps, demo.companyId, demo.adminId, { voice: true });
  if (demo) await seedDemoCases(deps.db, demo.companyId);
  if (demo) await seedDemoAssignments(deps.db, demo.companyId, deps.now());

  const app = await buildApp(deps, {
    logger: { level: config.logLevel },
    webDist: config.webDist ?? defaultWebDist(),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  SimCentre is running at ${url}`,
    `  Database: ${embedded ? `embedded PostgreSQL 17 in ${config.dataDir}/pgdata (pid ${embedded.pid})` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Files: ${config.blobStore.kind === 's3' ? `S3 bucket ${config.blobStore.bucket}${config.blobStore.endpoint ? ` at ${config.blobStore.endpoint}` : ''} (BLOB_STORE=s3)` : `${config.dataDir}/blobs (local disk: one instance only; BLOB_STORE=s3 to share them)`}`,
    `  Email: ${deps.mailer.kind === 'smtp' ? 'SMTP' : 'outbox (no SMTP_URL set; read it at GET /api/v1/outbox as a platform admin)'}`,
    `  API documentation: ${url}/api/docs`,
  ];
  if (config.blobStore.kind === 's3' && !config.jwtSecret)
    lines.push(
      `  JWT_SECRET is not set: the secret is kept in ${config.dataDir}/secret.key; every instance needs the same JWT_SECRET.`,
    );
  const engines = [...(await deps.speech.tts.status()), ...(await deps.speech.stt.status())];
  lines.push('  Speech engines:');
  for (const e of engines) lines.push(`    ${e.available ? 'found  ' : 'MISSING'} ${e.name}: ${e.detail}`);
  if (engines.some((e) => !e.available))
    lines.push('    (run scripts/ensure-os-deps.sh speech build to install what is missing)');
  if (config.seedDemo) {
    lines.push(`  Demo sign-ins (password ${DEMO_PASSWORD})${seeded ? ', just created' : ''}:`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(24)} ${a.role}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err) => {
  process.stderr.write(`\nThe server could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  if (process.env.LOG_LEVEL === 'debug' && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
