import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { TGetVideoResponse } from '@sim/shared';
import { buildAssignment } from '../../apps/server/test/factories/assignments';
import { buildTakeSim } from '../../apps/server/test/factories/attempts';
import type { Seed } from '../../apps/server/test/factories/company';
import { authHeaders, buildTeam, expect, type Team } from './support';

/**
 * The data of the screen-recording journey: a company (./support.ts buildTeam), a Training SIM with one level
 * whose setting records the screen (a customer line only, so that finishing needs no grading), and an
 * assignment of it to the agent.
 */

export const LEVEL_NAME = 'Record my screen';
export const LEVEL_ORDER = 0;
export const CUSTOMER_LINE = 'Can you show me where my order is in your system?';

export interface RecordingJourney {
  team: Team;
  simId: string;
  simTitle: string;
  levelId: string;
  assignmentId: string;
}

export async function prepareRecording(seed: Seed): Promise<RecordingJourney> {
  const team = await buildTeam(seed);
  const simTitle = `E2E screen recording ${Date.now()}`;
  const sim = await buildTakeSim(seed, team.users.admin, {
    fields: { title: simTitle },
    levels: [
      {
        order: LEVEL_ORDER,
        lines: [['customer', CUSTOMER_LINE]],
        fields: { name: LEVEL_NAME, screenRecording: true },
      },
    ],
  });
  const [level] = sim.levels;
  if (!level) throw new Error('no level');
  const assignment = await buildAssignment(seed, {
    companyId: team.company.companyId,
    simId: sim.simId,
    userId: team.users.agent.id,
    assignedById: team.users.supervisor.id,
  });
  return { team, simId: sim.simId, simTitle, levelId: level.id, assignmentId: assignment.id };
}

/** get-video until the build is over (saved or failed). */
export async function awaitVideo(api: APIRequestContext, token: string, attemptId: string, timeoutMs: number) {
  let answer: TGetVideoResponse | null = null;
  await expect
    .poll(
      async () => {
        const response = await api.get(`/api/v1/sims/get-video?id=${attemptId}`, { headers: authHeaders(token) });
        expect(response.status(), await response.text()).toBe(200);
        answer = (await response.json()) as TGetVideoResponse;
        return answer.video_status;
      },
      { timeout: timeoutMs, intervals: [1000] },
    )
    .not.toBe('processing');
  if (!answer) throw new Error('no answer');
  return answer as TGetVideoResponse;
}

export interface Probe {
  durationSeconds: number;
  codecTypes: string[];
  width: number;
  height: number;
}

/** The MP4 at the signed URL, fetched whole and read by ffprobe. */
export async function probeVideo(api: APIRequestContext, url: string): Promise<Probe> {
  const response = await api.get(url);
  expect(response.status()).toBe(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-screen-')), 'video.mp4');
  fs.writeFileSync(file, await response.body());
  try {
    const out = execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file], {
      encoding: 'utf8',
    });
    const probe = JSON.parse(out) as {
      format: { duration: string };
      streams: { codec_type: string; width?: number; height?: number }[];
    };
    const video = probe.streams.find((s) => s.codec_type === 'video');
    return {
      durationSeconds: Number(probe.format.duration),
      codecTypes: probe.streams.map((s) => s.codec_type).sort(),
      width: video?.width ?? 0,
      height: video?.height ?? 0,
    };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
