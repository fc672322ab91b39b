import type { TAudioJob } from '@sim/shared';
import type { JobRow } from '../../../jobs/types';

/** What the sim and level of an audio job are, in its payload. */
export interface LevelAudioPayload {
  sim_id: string;
  level_id: string;
}

export function toAudioJob(row: JobRow): TAudioJob {
  const payload = row.payload as Partial<LevelAudioPayload>;
  return {
    _id: row.id,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    error: row.error,
    level_id: String(payload.level_id ?? ''),
    sim_id: String(payload.sim_id ?? ''),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}
