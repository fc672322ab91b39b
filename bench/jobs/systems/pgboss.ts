/**
 * pg-boss: jobs sent with send() / insert(), run by work() (a polling loop per localConcurrency). It polls
 * every 2 s by default; LISTEN/NOTIFY is opt-in (useListenNotify on the instance, notify on the queue).
 * A claimed job is taken back when its heartbeat (heartbeatSeconds, at least 10) or its expiry
 * (expireInSeconds, 15 min by default) runs out, checked by the supervisor of any running instance.
 */
import { type ConstructorOptions, PgBoss, type Queue, type WorkOptions } from 'pg-boss';
import type { BenchPayload, QueueSystem, Role } from './types';

const TUNED_INSTANCE: Partial<ConstructorOptions> = {
  useListenNotify: true,
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
  queueCacheIntervalSeconds: 1,
};
const TUNED_WORK: WorkOptions = {
  pollingIntervalSeconds: 0.5,
  notifyPollingIntervalSeconds: 0.5,
  // fetch again at once while the (cached) ready count shows a backlog
  burstWhenReadyExceeds: 1,
};

interface PgBossVariant {
  queue: Omit<Queue, 'name'>;
  instance: Partial<ConstructorOptions>;
  work: WorkOptions;
  /** a group per company (groupConcurrency) */
  groups?: boolean;
}

/**
 * defaults: everything as shipped (poll every 2 s, no LISTEN/NOTIFY); notify: the defaults plus
 * LISTEN/NOTIFY; tuned: LISTEN/NOTIFY, 0.5 s polls, burst fetching and 1 s supervision; groups: tuned,
 * one group per company at most 1 job at a time; takeover: tuned with a 10 s heartbeat.
 */
export const PGBOSS_VARIANTS: Record<string, PgBossVariant> = {
  defaults: { queue: {}, instance: {}, work: {} },
  notify: { queue: { notify: true }, instance: { useListenNotify: true }, work: {} },
  tuned: { queue: { notify: true }, instance: TUNED_INSTANCE, work: TUNED_WORK },
  groups: {
    queue: { notify: true },
    instance: TUNED_INSTANCE,
    work: { ...TUNED_WORK, groupConcurrency: 1 },
    groups: true,
  },
  takeover: { queue: { notify: true, heartbeatSeconds: 10 }, instance: TUNED_INSTANCE, work: TUNED_WORK },
};
export type PgBossVariantName = keyof typeof PGBOSS_VARIANTS;

const warned = new Set<string>();

export async function openPgBoss(url: string, variant: PgBossVariantName, role: Role): Promise<QueueSystem> {
  const settings = PGBOSS_VARIANTS[variant];
  const name = `bench_${variant}`;
  const boss = new PgBoss({ connectionString: url, max: 4, ...settings.instance });
  boss.on('error', (err) => console.error(`pg-boss error: ${err.message}`));
  boss.on('warning', (w) => {
    if (warned.has(w.message)) return;
    warned.add(w.message);
    console.error(`pg-boss warning: ${w.message}`);
  });
  await boss.start();
  if (role === 'bench' && !(await boss.getQueue(name))) await boss.createQueue(name, settings.queue);
  const db = boss.getDb();
  return {
    async enqueue(jobs) {
      const group = (c: string) => (settings.groups ? { group: { id: `company-${c}` } } : {});
      if (jobs.length === 1) {
        const { company, ...data } = jobs[0];
        await boss.send(name, data, group(company));
      } else
        await boss.insert(
          name,
          jobs.map(({ company, ...data }) => ({ data, ...group(company) })),
        );
    },
    async startPool(opts) {
      await boss.work<BenchPayload>(name, { ...settings.work, localConcurrency: opts.concurrency }, async (jobs) => {
        for (const job of jobs) {
          opts.onStart(job.data);
          if (job.data.holdMs) await new Promise((resolve) => setTimeout(resolve, job.data.holdMs));
          opts.onEnd(job.data);
        }
      });
      return { stop: () => boss.offWork(name) };
    },
    async unfinished() {
      const { rows } = await db.executeSql(
        "select count(*)::int as n from pgboss.job where name = $1 and state < 'completed'",
        [name],
      );
      return Number(rows[0].n);
    },
    async reset() {
      await boss.deleteAllJobs(name);
    },
    close: () => boss.stop({ graceful: true, timeout: 3000 }),
  };
}
