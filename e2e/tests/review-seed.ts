import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { buildAssignment } from '../../apps/server/test/factories/assignments';
import { buildTakeSim } from '../../apps/server/test/factories/attempts';
import type { Seed } from '../../apps/server/test/factories/company';
import { authHeaders, buildTeam, expect, type Team } from './support';

/**
 * The data of the review journey: a company (./support.ts buildTeam), a Training SIM with one level whose
 * agent line is what a human reader says in a recorded fixture (pocketsphinx's test data, LibriVox, the same
 * recording bench/learners streams), an assignment of it to the agent, and the learner's attempts made
 * through the API with that recording, as the take-sim screen makes them.
 */

export const RECORDING = {
  file: '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0890.wav',
  script: 'Unless to be rather cold hearted and rather selfish is to be ill disposed.',
  keywords: ['cold hearted', 'selfish'],
};
export const CUSTOMER_LINE = 'Is it wrong to keep to yourself when the family needs you?';
export const LEVEL_NAME = 'Say it with keywords';
export const LEVEL_ORDER = 2;
/** the grading job decodes the whole recording on the server */
const GRADING_MS = 120_000;

export interface ReviewJourney {
  team: Team;
  simId: string;
  simTitle: string;
  levelId: string;
  agentScriptId: string;
  assignmentId: string;
}

export async function prepareReview(seed: Seed): Promise<ReviewJourney> {
  const team = await buildTeam(seed);
  const simTitle = `E2E review ${Date.now()}`;
  const sim = await buildTakeSim(seed, team.users.admin, {
    fields: { title: simTitle },
    levels: [
      {
        order: LEVEL_ORDER,
        lines: [
          ['customer', CUSTOMER_LINE],
          ['agent', RECORDING.script, { keywords: RECORDING.keywords }],
        ],
        fields: { name: LEVEL_NAME, keywordScore: true },
      },
    ],
  });
  const [level] = sim.levels;
  const agentLine = level?.agentLines[0];
  if (!level || !agentLine) throw new Error('no level or agent line');
  const assignment = await buildAssignment(seed, {
    companyId: team.company.companyId,
    simId: sim.simId,
    userId: team.users.agent.id,
    assignedById: team.users.supervisor.id,
  });
  return {
    team,
    simId: sim.simId,
    simTitle,
    levelId: level.id,
    agentScriptId: agentLine.id,
    assignmentId: assignment.id,
  };
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/**
 * The learner takes the level through the API: an attempt, the agent line recorded (the fixture uploaded to
 * grade-transcription), its grade awaited, then the final score until every line is graded. Answers the
 * attempt id and the keywords the server heard.
 */
export async function takeLevelThroughApi(api: APIRequestContext, j: ReviewJourney) {
  const headers = authHeaders(j.team.tokens.agent);
  const attempt = await json<{ _id: string }>(
    await api.post('/api/v1/sims/save-take-sim-details', {
      headers,
      data: { simId: j.simId, simLevelId: j.levelId, mode: 'practice', assignment_id: j.assignmentId },
    }),
    'start',
  );
  const upload = await json<{ id: string }>(
    await api.post('/api/v1/sims/grade-transcription', {
      headers,
      multipart: {
        sim_level_user_response: attempt._id,
        script_id: j.agentScriptId,
        transcribed_text: RECORDING.script,
        audio_blob: { name: 'line.wav', mimeType: 'audio/wav', buffer: fs.readFileSync(RECORDING.file) },
      },
    }),
    'upload',
  );
  let correct: string[] = [];
  await expect
    .poll(
      async () => {
        const line = await json<{ status: string; correct_keywords: string[] }>(
          await api.get(`/api/v1/sims/get-missed-correct-keywords?id=${upload.id}`, { headers }),
          'line',
        );
        correct = line.correct_keywords;
        return line.status;
      },
      { timeout: GRADING_MS, intervals: [500] },
    )
    .toBe('Completed');
  await expect
    .poll(
      async () =>
        (
          await json<{ all_completed: boolean }>(
            await api.post('/api/v1/sims/final-score', {
              headers,
              data: {
                user_response_id: attempt._id,
                assignment_id: j.assignmentId,
                totalSeconds: 42,
                wrapSeconds: 5,
                isPost: true,
                exit_or_restart: false,
              },
            }),
            'final score',
          )
        ).all_completed,
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
  return { attemptId: attempt._id, correct };
}
