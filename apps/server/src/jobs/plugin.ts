import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps';
import { sweepPendingBlobs, sweepTmpFolder } from '../modules/files/service';
import { sweepUnattachedUploads } from '../modules/helpdesk/service';
import { sweepScreenParts } from '../modules/screen-recording/service';
import { onClaimedHere } from './queue';
import { JOB_HANDLERS } from './registry';
import { JobWorker } from './worker';

export interface JobsControl {
  /** starts claiming jobs (done on 'onReady' except when NODE_ENV=test) */
  start(): void;
  /** stops claiming and waits for the running jobs, bounded (done on 'onClose') */
  stop(): Promise<boolean>;
  /** resolves once nothing is running and no job is queued (for tests) */
  drain(): Promise<void>;
  readonly worker: JobWorker<AppDeps>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobsControl;
  }
}

/**
 * Background jobs: the worker that runs queued jobs starts with the app and stops with it.
 * Under NODE_ENV=test it is not started by itself: API test files share one database, and a worker of
 * another file's app (other blob folder, other fakes) would take this file's jobs; a test that needs
 * jobs run calls `app.jobs.start()` and waits with `app.jobs.drain()`. Jobs a request claimed when it
 * queued them (`insertClaimedJob`: the emails) are run by this app's worker in every environment: they
 * are this app's own, so no other test file's app can take them.
 */
const SWEEP_MS = 10 * 60 * 1000;

const plugin: FastifyPluginAsync = async (app) => {
  const worker = new JobWorker<AppDeps>({
    db: app.deps.db,
    deps: app.deps,
    handlers: JOB_HANDLERS,
    log: app.log,
  });
  app.decorate('jobs', {
    start: () => worker.start(),
    stop: () => worker.stop(),
    drain: () => worker.drain(),
    worker,
  } satisfies JobsControl);
  const stopRunningClaimed = onClaimedHere(app.deps, (job) => {
    worker.runClaimed(job);
  });
  // at start, then every SWEEP_MS (issue 32, quotas and sweeps): files a killed server left unnamed
  // (files/pending-blobs.ts), helpdesk uploads never attached to a ticket, and the screen parts of attempts
  // whose video is saved
  let sweeper: NodeJS.Timeout | null = null;
  const sweeps = [
    { run: sweepPendingBlobs, what: 'stored files no record names' },
    { run: sweepUnattachedUploads, what: 'helpdesk uploads never attached' },
    { run: sweepScreenParts, what: 'screen parts of saved videos' },
  ] as const;
  const sweep = () =>
    Promise.all(
      sweeps.map(({ run, what }) =>
        run(app.deps)
          .then((removed) => removed && app.log.info({ removed }, `${what}: deleted`))
          .catch((err) => app.log.warn({ err }, `the sweep of ${what} failed`)),
      ),
    );
  app.addHook('onReady', async () => {
    // what a killed server left in DATA_DIR/tmp (a take being converted, a merge); each app has its own
    // DATA_DIR, so this runs under tests too
    await sweepTmpFolder(app.deps)
      .then((removed) => removed && app.log.info({ removed }, 'temporary files of an earlier run: deleted'))
      .catch((err) => app.log.warn({ err }, 'the sweep of temporary files failed'));
    if (app.deps.config.env === 'test') return;
    worker.start();
    void sweep();
    sweeper = setInterval(sweep, SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
    stopRunningClaimed();
    await worker.stop();
  });
};

// not encapsulated: app.jobs is seen by the whole app (what fastify-plugin does)
Object.assign(plugin, { [Symbol.for('skip-override')]: true });

export const jobsPlugin = plugin;
