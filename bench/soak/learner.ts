/**
 * One simulated learner, as the web app calls the server (apps/web/src/features: auth, dashboard,
 * assignments, take-sim). A sitting: sign in; the dashboard; then one to three levels, each: the sim's
 * dialog (status, learner-sim, level stats), TAKE SIM (take-sim details, a new attempt), every step of the
 * level in turn (its stats saved; the customer's clip fetched and listened to; the learner's lines spoken
 * over the speech websocket in real time, uploaded, and on a feedback level the grade polled every second
 * as the feedback dialog does), the wrap-up, ALL DONE (final-score, asked again every 5 s until every line
 * is graded), the score read, back to the dashboard. Then away for a while, and a new sitting.
 */
import {
  ASSIGNMENT_LIMITS,
  type AttemptMode,
  assignmentsApi,
  attemptsApi,
  authApi,
  LEVEL_ORDER_WITHOUT_PRACTICE,
  scriptsApi,
  type TFinalScoreResponse,
  type TLearnerSimResponse,
  type TLineResultResponse,
  type TLoginResponse,
  type TTakeSimResponse,
} from '@sim/shared';
import { type Client, SoakError } from './client';
import type { Metrics } from './metrics';
import type { Seeded, SeededLearner } from './seed';
import { type Recording, speak } from './speech';
import type { Pacer } from './think';

export const WAITS = {
  line: 'line graded (stop → result, feedback levels)',
  final: 'final score (ALL DONE → every line graded)',
} as const;

/** How long a customer's clip plays (the generated clips of the seed's lines are 2–3 s). */
const CLIP_MS = 2500;
const FINAL_TRIES = 60;

export interface Actor {
  client: Client;
  pacer: Pacer;
  metrics: Metrics;
}

/** Signs in and loads the dashboard, as after the sign-in page. */
export async function signInToDashboard(
  actor: Actor,
  email: string,
  password: string,
  tab: 'MY_ASSIGNMENT' | 'All_ASSIGNMENT',
) {
  const { client, metrics } = actor;
  client.token = null;
  const login = await metrics.timePage('sign in', () =>
    client.json<TLoginResponse>(authApi.login, { body: { email, password } }),
  );
  client.token = login.token;
  await dashboard(actor, tab);
  return login.user;
}

export function dashboard(actor: Actor, tab: 'MY_ASSIGNMENT' | 'All_ASSIGNMENT') {
  const { client, metrics } = actor;
  return metrics.timePage('dashboard', () =>
    Promise.all([
      client.json(authApi.userDetails),
      client.json(assignmentsApi.userCount),
      client.json(assignmentsApi.count),
      client.json(assignmentsApi.list, {
        query: { skip: 0, limit: 10, tab, my_assignment: tab === 'MY_ASSIGNMENT' ? true : undefined },
      }),
    ]),
  );
}

export async function learnerLife(actor: Actor, learner: SeededLearner, seeded: Seeded) {
  while (actor.pacer.running) {
    try {
      await sitting(actor, learner, seeded);
    } catch (error) {
      if (!(error instanceof SoakError)) actor.metrics.error('learner journey failed', String(error));
    }
    if (!(await actor.pacer.think('away'))) return;
  }
}

async function sitting(actor: Actor, learner: SeededLearner, seeded: Seeded) {
  const { pacer } = actor;
  const user = await signInToDashboard(actor, learner.email, seeded.password, 'MY_ASSIGNMENT');
  const levels = 1 + Math.floor(Math.random() * 3);
  for (let n = 0; n < levels; n++) {
    if (!(await pacer.think(n === 0 ? 'dashboard' : 'betweenLevels'))) return;
    const assignment = learner.assignments[Math.floor(Math.random() * learner.assignments.length)];
    await takeLevel(actor, user._id, assignment, seeded);
    if (!pacer.running) return;
    await dashboard(actor, 'MY_ASSIGNMENT');
  }
}

async function takeLevel(actor: Actor, userId: string, assignment: { id: string; simId: string }, seeded: Seeded) {
  const { client, metrics, pacer } = actor;
  const [, sim] = await metrics.timePage('sim dialog', () =>
    Promise.all([
      client.json(assignmentsApi.status, { params: { id: assignment.id } }),
      client.json<TLearnerSimResponse>(attemptsApi.learnerSim, { query: { assignment_id: assignment.id } }),
      client.json(attemptsApi.levelStats, {
        query: { sim_id: assignment.simId, user_id: userId, assignment_id: assignment.id },
      }),
    ]),
  );
  if (!(await pacer.think('simDialog'))) return;
  const level = sim.sim.levels[Math.floor(Math.random() * sim.sim.levels.length)];
  const base = { simId: assignment.simId, simLevelId: level._id, assignment_id: assignment.id };
  const { details, attemptId, mode } = await metrics.timePage('take-sim screen', async () => {
    const details = await client.json<TTakeSimResponse>(attemptsApi.takeSim, {
      query: { simLevelId: level._id, assignment_id: assignment.id },
    });
    const mode = modeOf(details);
    const started = await client.json<{ _id: string }>(attemptsApi.start, {
      body: { ...base, mode, without_coach: false },
    });
    return { details, attemptId: started._id, mode };
  });
  const startedAt = performance.now();
  for (const [index, step] of details.level.sim_scripts.entries()) {
    // the screen saves the step without waiting for the answer (a failure is counted by the client)
    void client
      .json(attemptsApi.saveStats, {
        body: {
          user_response_id: attemptId,
          simId: assignment.simId,
          simLevelId: level._id,
          mode,
          status: 'started',
          activeIndex: index,
          levelStart: index === 0,
          updateIndexBool: true,
        },
      })
      .catch(() => undefined);
    if (!step.is_agent) {
      if (step.audio_url) {
        await client.fetchUrl(step.audio_url, 'GET customer clip (signed URL)');
        if (!(await pacer.pause(CLIP_MS))) return;
      } else if (!(await pacer.think('step'))) return;
      continue;
    }
    const recording = seeded.lineRecordings.get(step._id);
    if (!recording) throw new Error(`no recording for the line ${step._id}`);
    // the screen's feedback dialog: the level's switch or the line's (take-sim/lib/steps.ts)
    const feedback = details.level.level_real_time_feedback || step.real_time_feedback;
    const lineId = await speakLine(actor, attemptId, step._id, recording, feedback);
    if (lineId === null || !pacer.running) return;
  }
  const wrapStarted = performance.now();
  if (!(await pacer.think('wrapUp'))) return;
  const doneAt = metrics.now();
  let answer: TFinalScoreResponse | null = null;
  for (let tries = 0; tries < FINAL_TRIES; tries++) {
    answer = await client.json<TFinalScoreResponse>(attemptsApi.finalScore, {
      body: {
        user_response_id: attemptId,
        assignment_id: assignment.id,
        totalSeconds: Math.round((performance.now() - startedAt) / 1000),
        wrapSeconds: Math.round((performance.now() - wrapStarted) / 1000),
        isPost: true,
        exit_or_restart: false,
      },
    });
    if (answer.all_completed) break;
    if (!(await pacer.pause(ASSIGNMENT_LIMITS.finalScoreRetryMs))) return;
  }
  const ok = answer?.all_completed === true;
  metrics.wait(WAITS.final, doneAt, metrics.now() - doneAt, ok);
  if (!ok) metrics.error('final score not ready after 5 minutes', `attempt ${attemptId}`);
  await pacer.think('finalScore');
}

/** As the take-sim screen chooses (modeOfNewAttempt): autoplay for a hiring sim and the autoplay-only level. */
function modeOf(details: TTakeSimResponse): AttemptMode {
  const hiring = (details.sim.sim_type ?? '').toLowerCase() === 'hiring';
  return hiring || details.level.order === LEVEL_ORDER_WITHOUT_PRACTICE ? 'autoplay' : 'practice';
}

/** Speaks a line, uploads it, and on a feedback level waits for its grade; answers the line id. */
async function speakLine(actor: Actor, attemptId: string, scriptId: string, recording: Recording, feedback: boolean) {
  const { client, metrics, pacer } = actor;
  const spoken = await speak(client, recording);
  const form = new FormData();
  form.set('sim_level_user_response', attemptId);
  form.set('script_id', scriptId);
  form.set('transcribed_text', spoken.transcript);
  if (spoken.streamId) form.set('stream_id', spoken.streamId);
  form.set('audio_blob', new Blob([new Uint8Array(recording.wav)], { type: 'audio/wav' }), 'line.wav');
  const { id } = await client.json<{ id: string }>(scriptsApi.gradeTranscription, { form });
  if (!feedback) return id;
  const stoppedAt = metrics.now() - (performance.now() - spoken.stoppedAt);
  for (let tries = 0; tries < ASSIGNMENT_LIMITS.keywordPollTries; tries++) {
    const result = await client.json<TLineResultResponse>(scriptsApi.missedCorrect, { query: { id } });
    if (result.status === 'Completed') {
      metrics.wait(WAITS.line, stoppedAt, metrics.now() - stoppedAt, true);
      if (result.correct_keywords.length === 0) metrics.note('a line graded with no keyword found');
      return (await pacer.think('feedback')) ? id : null;
    }
    if (result.status === 'Failed') {
      metrics.wait(WAITS.line, stoppedAt, metrics.now() - stoppedAt, false);
      metrics.error('line graded Failed', `line ${id}`);
      return id;
    }
    if (!(await pacer.pause(ASSIGNMENT_LIMITS.keywordPollMs))) return null;
  }
  metrics.error('line not graded after the feedback dialog gave up', `line ${id}`);
  return id;
}
