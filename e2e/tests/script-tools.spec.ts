import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  AUTHORING_MESSAGES,
  AUTHORING_TEXTS,
  CREATE_LEVELS_TEXTS as CL,
  GRADING_MESSAGES,
  LEVEL_NAMES,
  SCRIPT_TOOLS_MESSAGES,
  SCRIPT_TOOLS_TEXTS as T,
} from '@sim/shared';
import {
  buildLevel,
  buildScript,
  buildSim,
  charactersOf,
  levelsOf,
  productId,
} from '../../apps/server/test/factories/sims';
import config from '../playwright.config';
import { authHeaders, buildTeam, expect, type Session, signedInSession, test } from './support';

/**
 * The dialogs of the Create Levels screen as an administrator, on a sim like the demo's built for this spec
 * (authoring.md section 2): on an agent line, keywords (and the operator error), a test (and its
 * validation), Try Test with a fake microphone that plays the line spoken by the server's own
 * text-to-speech; pass criteria set and unset; and Generate Sim refusing a 6th level (on a copy of the sim
 * with two levels).
 */
test.describe.configure({ mode: 'serial' });

const FIRST_LEVEL = 'Watch and Learn';
/** The sim's first agent line (the demo sim's, apps/server/src/seed/demo-sim.ts), line 3 of level 1. */
const AGENT_LINE = 3;
const SPOKEN = 'Thank you for calling Demo Health, my name is Alex. I can help you schedule an appointment today.';
/** Level 1 of the sim: the first lines of the demo call. */
const LINES = [
  { who: 'coach', text: 'Listen to how the agent greets the caller, confirms the details and books the visit.' },
  { who: 'customer', text: 'Hi, I would like to make an appointment with a cardiologist, please.' },
  { who: 'agent', text: SPOKEN, keywords: ['thank you for calling', 'schedule | book', 'appointment'] },
  { who: 'customer', text: 'Great. It is my first visit, my doctor referred me.' },
] as const;

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** The voice the fake microphone plays (made before the browser starts; Chromium wants 16-bit PCM WAV). */
const WAV = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), `script-tools-voice-${process.pid}.wav`);
const WAV_RATE = 48000;
const WAV_PAD_SECONDS = 1.5;

const defaultArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...defaultArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${WAV}`,
    ],
  },
});

interface ScriptView {
  _id: string;
  keywords: string[];
  tests: unknown[];
}
interface LevelView {
  _id: string;
  name: string;
  scripts: ScriptView[];
}
interface FullSim {
  _id: string;
  activeStep: number;
  levels: LevelView[];
  pass_fail: { sim_level_id: string } | null;
}

let session: Session;
let page: Page;
let api: APIRequestContext;
let headers: Record<string, string>;
let demo: FullSim;
let agentScript: ScriptView;
let copyId: string | null = null;

async function fullSim(simId: string): Promise<FullSim> {
  const response = await api.get('/api/v1/sims/full-details', { params: { sim_id: simId }, headers });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { sim: FullSim }).sim;
}

async function post(pathname: string, data: unknown, method: 'POST' | 'PATCH' = 'POST') {
  const response = await api.fetch(pathname, { method, data, headers });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The agent line spoken by the server's text-to-speech, as a WAV with a pause after it. */
async function makeVoiceWav() {
  const response = await api.post('/api/v1/speech/synthesize', { data: { text: SPOKEN, voice: 'Matthew' }, headers });
  expect(response.status()).toBe(200);
  const mp3 = path.join(path.dirname(WAV), `script-tools-voice-${process.pid}.mp3`);
  fs.writeFileSync(mp3, await response.body());
  execFileSync('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-i', mp3],
    ...['-af', `apad=pad_dur=${WAV_PAD_SECONDS}`, '-ac', '1', '-ar', String(WAV_RATE), '-c:a', 'pcm_s16le', WAV],
  ]);
  fs.rmSync(mp3);
}

/** How long the WAV plays, in ms (16-bit mono PCM after a 44-byte header). */
function wavDurationMs(): number {
  return Math.ceil(((fs.statSync(WAV).size - 44) / (WAV_RATE * 2)) * 1000);
}

test.beforeAll(async ({ playwright, browser, seed }) => {
  // the sim, opened on Create Levels: level 1 with the lines above, then the four levels Generate Sim makes
  const team = await buildTeam(seed);
  // a training sim (a hiring sim is one level)
  const simId = await buildSim(seed, team.users.admin, {
    title: `E2E script tools sim ${Date.now()}`,
    activeStep: 2,
    productId: await productId(seed, 'Training SIM'),
  });
  const [first] = await levelsOf(seed, simId);
  const characters = await charactersOf(seed, simId);
  for (const line of LINES)
    await buildScript(seed, {
      simId,
      levelId: first!.id,
      characterId: characters[line.who],
      script: line.text,
      keywords: 'keywords' in line ? [...line.keywords] : [],
    });
  for (const name of LEVEL_NAMES.slice(1)) await buildLevel(seed, simId, { name, simGenerated: true });

  api = await playwright.request.newContext({ baseURL });
  headers = authHeaders(team.tokens.admin);
  demo = await fullSim(simId);
  agentScript = demo.levels[0]!.scripts[AGENT_LINE - 1]!;
  await makeVoiceWav();

  session = await signedInSession(browser, team.tokens.admin);
  page = session.page;
  await page.context().grantPermissions(['microphone'], { origin: baseURL });
});

test.afterEach(() => {
  expect(session.errors, 'errors logged by the page').toEqual([]);
});

test.afterAll(async () => {
  await session?.close();
  await api?.dispose();
  fs.rmSync(WAV, { force: true });
});

const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });

function agentRow() {
  return page
    .getByRole('list', { name: CL.canvas(FIRST_LEVEL) })
    .getByRole('listitem', { name: CL.lineNumber(AGENT_LINE) });
}

async function openBuilder(simId: string) {
  await page.goto(`/sims/createsim?simId=${simId}`);
  await expect(page.getByRole('list', { name: CL.levelsList })).toBeVisible();
  await page
    .getByRole('list', { name: CL.levelsList })
    .getByRole('button', { name: new RegExp(`^${FIRST_LEVEL}`) })
    .click();
  await expect(page.getByRole('list', { name: CL.canvas(FIRST_LEVEL) })).toBeVisible();
}

test('keywords of an agent line: the operator error, then saved', async () => {
  await openBuilder(demo._id);
  await agentRow().getByRole('button', { name: CL.keywords, exact: true }).click();
  const keywords = dialog(T.keywordsTitle);
  await expect(keywords.getByText(AUTHORING_TEXTS.keywordDialogHint)).toBeVisible();
  await expect(keywords.getByText(GRADING_MESSAGES.keywordHint)).toBeVisible();
  const input = keywords.getByRole('textbox', { name: T.keywordInput });

  await input.fill('refund & credit | debit');
  await input.press('Enter');
  await expect(keywords.getByText(GRADING_MESSAGES.mixedOperators, { exact: true })).toBeVisible();
  // shown for 3 seconds
  await expect(keywords.getByText(GRADING_MESSAGES.mixedOperators, { exact: true })).toBeHidden({ timeout: 5000 });

  await input.fill('Demo Health, my name is Alex');
  await input.press('Enter');
  const tags = keywords.getByRole('list', { name: T.keywordInput });
  await expect(tags.getByText('Demo Health', { exact: true })).toBeVisible();
  await expect(tags.getByText('my name is Alex', { exact: true })).toBeVisible();
  // the builder reads the sim again once saved; the dialog opened again shows what it read
  const reread = page.waitForResponse((r) => r.url().includes('/api/v1/sims/full-details?'));
  await keywords.getByRole('button', { name: T.save, exact: true }).click();
  await expect(keywords).toBeHidden();
  await reread;

  const saved = (await fullSim(demo._id)).levels[0]!.scripts[AGENT_LINE - 1]!;
  expect(saved.keywords).toEqual([...agentScript.keywords, 'Demo Health', 'my name is Alex']);

  // reopened, it shows them; Escape closes
  await agentRow().getByRole('button', { name: CL.keywords, exact: true }).click();
  await expect(dialog(T.keywordsTitle).getByText('my name is Alex', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(T.keywordsTitle)).toBeHidden();
});

test('a test of the agent line: validation, saved, then Try Test with the microphone', async () => {
  await agentRow().getByRole('button', { name: CL.manageTests, exact: true }).click();
  const tests = dialog(T.manageTestsTitle);
  await tests.getByRole('button', { name: T.saveTest }).click();
  await expect(tests.getByText(GRADING_MESSAGES.testNameRequired)).toBeVisible();
  await expect(tests.getByText(GRADING_MESSAGES.testKeywordRequired)).toBeVisible();

  await tests.getByRole('textbox', { name: T.testName }).fill('E2E greeting');
  await tests.getByRole('textbox', { name: T.coachIntention }).fill('Greet the caller and offer help');
  const keyword = tests.getByRole('textbox', { name: T.keywordInput });
  await keyword.fill('thank you for calling, appointment');
  await keyword.press('Enter');
  await tests.getByRole('textbox', { name: T.confidence }).fill('50');
  await tests.getByRole('button', { name: T.saveTest }).click();
  await expect(tests.getByText(SCRIPT_TOOLS_MESSAGES.testSaved)).toBeVisible();
  await expect(tests.getByRole('group', { name: T.tests }).getByRole('button', { name: 'E2E greeting' })).toBeVisible();
  const saved = (await fullSim(demo._id)).levels[0]!.scripts[AGENT_LINE - 1]!;
  expect(saved.tests).toEqual([
    {
      name: 'E2E greeting',
      isFlexible: true,
      keywords: ['thank you for calling', 'appointment'],
      coachFeedback: 'Greet the caller and offer help',
      confidence: 50,
    },
  ]);

  await page.keyboard.press('Escape');
  await expect(tests).toBeHidden();

  // Try Test: the fake microphone says the line
  await agentRow().getByRole('button', { name: CL.tryTest, exact: true }).click();
  const tryTest = dialog(T.tryTestTitle);
  await expect(tryTest.getByText(SPOKEN)).toBeVisible();
  await expect(tryTest.getByText(T.confidenceOf(60))).toBeVisible();
  await tryTest.getByRole('button', { name: T.startRecording }).click();
  await expect(tryTest.getByText(T.recordingNow)).toBeVisible();
  // the learner speaks for as long as the recorded line plays: a fixed time is the journey itself
  await page.waitForTimeout(wavDurationMs());
  await tryTest.getByRole('button', { name: T.stopRecording }).click();

  const result = tryTest.getByRole('region', { name: T.transcription });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByTestId('try-test-transcription')).toHaveText(/calling/i);
  await expect(result.getByText(/^Score: \d+%$/)).toBeVisible();
  await expect(
    result.getByRole('list', { name: T.testsResult }).getByText(/^E2E greeting: (passed|missed) \(grade \d+%\)$/),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tryTest).toBeHidden();
});

test('pass criteria set on the first level, then unset', async () => {
  await page.getByRole('button', { name: CL.passCriteriaOf(FIRST_LEVEL) }).click();
  const criteria = dialog(T.passCriteriaTitle);
  const keyword = criteria.getByRole('spinbutton', { name: T.thresholdLabels.keyword });
  await keyword.fill('150');
  await criteria.getByRole('button', { name: T.set, exact: true }).click();
  await expect(criteria.getByText(AUTHORING_MESSAGES.thresholdRange)).toBeVisible();

  await keyword.fill('70');
  await criteria.getByRole('checkbox', { name: T.notApplicableOf(T.thresholdLabels.typing) }).check();
  await expect(criteria.getByRole('spinbutton', { name: T.thresholdLabels.typing })).toBeDisabled();
  await criteria.getByRole('spinbutton', { name: T.thresholdLabels.overall }).fill('60');
  await criteria.getByRole('button', { name: T.set, exact: true }).click();
  await expect(criteria.getByText(AUTHORING_MESSAGES.criteriaSet)).toBeVisible();
  const set = await fullSim(demo._id);
  expect(set.pass_fail).toMatchObject({
    sim_level_id: demo.levels[0]!._id,
    threshold_keyword_accuracy: 70,
    disable_threshold_typing_accuracy: true,
    threshold_overall_accuracy: 60,
  });

  await criteria.getByRole('button', { name: T.unset, exact: true }).click();
  await expect(criteria.getByText(AUTHORING_MESSAGES.criteriaRemoved)).toBeVisible();
  expect((await fullSim(demo._id)).pass_fail).toBeNull();
  await criteria.getByRole('button', { name: T.close, exact: true }).click();
  await expect(criteria).toBeHidden();
});

test('Generate Sim refuses a 6th level', async () => {
  // the sim has 5 levels: Generate Sim is off, and the server refuses too
  await expect(page.getByRole('button', { name: CL.generateSim })).toBeDisabled();
  const refused = await api.post('/api/v1/sims/generate-sim', {
    data: { sim_id: demo._id, levelId: [{ name: 'Try w/o help' }] },
    headers,
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { message: string }).message).toBe(AUTHORING_MESSAGES.maxLevels);

  // a copy with two levels, the second renamed: generating the four others would make 6 (levels have
  // different names, so Generate Sim offers only the names the sim does not have)
  copyId = ((await post('/api/v1/sims/duplicate-sim', { simId: demo._id })) as { sim_id: string }).sim_id;
  const copy = await fullSim(copyId);
  for (const level of copy.levels.slice(2))
    await post('/api/v1/sims/delete-level', { sim_id: copyId, level_id: level._id });
  await post(`/api/v1/sims/editLevel/${copy.levels[1]!._id}`, { sim_id: copyId, name: 'Practice call' }, 'PATCH');
  await post('/api/v1/sims/active-step', { sim_id: copyId, activeStep: 2 }, 'PATCH');
  await openBuilder(copyId);

  await page.getByRole('button', { name: CL.generateSim }).click();
  const generate = dialog(T.generateTitle);
  await expect(generate.getByText(AUTHORING_MESSAGES.maxLevels)).toBeVisible();
  await expect(generate.getByRole('button', { name: T.generate, exact: true })).toBeDisabled();
  await expect(generate.getByText(T.levelsAfter(6))).toBeVisible();

  await generate.getByRole('checkbox', { name: T.generateLevel('Try w/o help') }).uncheck();
  await expect(generate.getByText(AUTHORING_MESSAGES.maxLevels)).toBeHidden();
  await generate.getByRole('button', { name: T.generate, exact: true }).click();
  await expect(generate.getByText(AUTHORING_MESSAGES.levelsGenerated)).toBeVisible();
  const after = await fullSim(copyId);
  expect(after.levels.map((l) => l.name)).toEqual([
    'Watch and Learn',
    'Practice call',
    'Watch the experts',
    'Try w/ scripts',
    'Try w/ keywords',
  ]);
  await generate.getByRole('button', { name: T.close, exact: true }).click();
  await expect(page.getByRole('button', { name: CL.generateSim })).toBeDisabled();
});
