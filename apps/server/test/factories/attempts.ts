import { EventEmitter } from 'node:events';
import type { TCharacter, TFinalScoreResponse, TLineResultResponse } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { attempts, simLevels } from '../../src/db/schema/index';
import { Pool } from '../../src/modules/speech/engines/pool';
import {
  EngineUnavailableError,
  type RecognitionHints,
  type SttProvider,
  type SttStream,
  type Transcript,
} from '../../src/modules/speech/engines/types';
import type { Answer, Caller, FormFile } from './caller';
import type { DbSeed } from './company';
import {
  type Author,
  buildLevel,
  buildScript,
  buildSim,
  type CharacterType,
  charactersOf,
  levelsOf,
  productId,
  SCRIPTED_LINES,
  type ScriptRow,
} from './sims';

/**
 * Taking a sim: a sim whose levels hold agent lines with keywords, attempts written straight to the
 * database, a recogniser stand-in for the `api` project, and the learner's calls. No vitest here (the
 * end-to-end seed may use the builders).
 */

type Line = readonly [CharacterType, string, { keywords?: string[]; hintText?: string; tests?: unknown[] }?];

/** The lines of a spoken level (order 2, keyword score on): two agent turns with keywords. */
export const SPOKEN_LINES: readonly Line[] = [
  ['customer', 'Hi, I would like to book a visit with a cardiologist.'],
  [
    'agent',
    'I can schedule your appointment with the cardiologist on Monday morning.',
    { keywords: ['schedule', 'Monday'] },
  ],
  ['customer', 'That works. What do I need to bring?'],
  [
    'agent',
    'Please bring your insurance card and a photo ID to the front desk.',
    { keywords: ['insurance card', 'photo ID | driver license'] },
  ],
];

export interface TakeLevel {
  id: string;
  order: number;
  scripts: ScriptRow[];
  /** the agent lines (the learner's turns) */
  agentLines: ScriptRow[];
}
/** One level of buildTakeSim: its order, lines and other columns. */
export interface TakeLevelPlan {
  order: number;
  lines: readonly Line[];
  fields?: Partial<typeof simLevels.$inferInsert>;
}
export interface TakeSim {
  simId: string;
  levels: TakeLevel[];
  characters: Record<TCharacter['type'], string>;
}

/**
 * A sim to take, in the database: level 0 ('Watch and Learn', order 0) with SCRIPTED_LINES and level 1 with
 * SPOKEN_LINES at order 2 (keyword score on), unless `levels` says otherwise (the first entry fills the
 * sim's own first level). Every level has the learner speak the agent's lines (convert agent on) unless its
 * `fields` say otherwise (convertAgent: false: a level the learner only listens to). `fields`: the sim's
 * columns (the product: Training SIM, a Voice Only training sim, unless given).
 */
export async function buildTakeSim(
  seed: DbSeed,
  author: Author,
  opts: {
    fields?: Parameters<typeof buildSim>[2];
    levels?: TakeLevelPlan[];
  } = {},
): Promise<TakeSim> {
  const plan: TakeLevelPlan[] = opts.levels ?? [
    { order: 0, lines: SCRIPTED_LINES },
    { order: 2, lines: SPOKEN_LINES },
  ];
  const fields = { productId: await productId(seed, 'Training SIM'), ...opts.fields };
  const simId = await buildSim(seed, author, fields);
  const characters = await charactersOf(seed, simId);
  const [first] = await levelsOf(seed, simId);
  const levels: TakeLevel[] = [];
  for (const [i, step] of plan.entries()) {
    let levelId: string;
    if (i === 0) {
      await seed.db
        .update(simLevels)
        .set({ sortOrder: step.order, convertAgent: true, ...step.fields })
        .where(eq(simLevels.id, first.id));
      levelId = first.id;
    } else {
      levelId = (
        await buildLevel(seed, simId, { sortOrder: step.order, keywordScore: true, convertAgent: true, ...step.fields })
      ).id;
    }
    const scripts: ScriptRow[] = [];
    for (const [type, script, extra] of step.lines)
      scripts.push(
        await buildScript(seed, {
          simId,
          levelId,
          characterId: characters[type],
          script,
          ...(extra as Partial<ScriptRow>),
        }),
      );
    levels.push({
      id: levelId,
      order: step.order,
      scripts,
      agentLines: scripts.filter((s) => s.simCharacterId === characters.agent),
    });
  }
  return { simId, levels, characters };
}

/** An attempt written straight to the database (started unless told). */
export async function buildAttempt(
  seed: DbSeed,
  values: {
    companyId: string;
    assignmentId: string;
    userId: string;
    simId: string;
    simLevelId: string;
  } & Partial<typeof attempts.$inferInsert>,
): Promise<typeof attempts.$inferSelect> {
  const [row] = await seed.db
    .insert(attempts)
    .values({ mode: 'autoplay', status: 'started', ...values })
    .returning();
  return row;
}

/**
 * A recogniser stand-in for the `api` project: it "hears" what the test says the learner said for a line
 * (by the line's text, the `expected` hint), else the line itself. An Error is thrown instead. `hold()`
 * keeps every transcription waiting until released (to see a line Pending).
 */
export class ScriptedStt implements SttProvider {
  readonly said = new Map<string, string | Error>();
  /** the hints of every transcription, in order (what to listen for; whose it is goes in `scheduled`) */
  readonly heard: RecognitionHints[] = [];
  /** whose each transcription was and its label (the decoders' fair turn), in the order they ran */
  readonly scheduled: Pick<RecognitionHints, 'owner' | 'tag'>[] = [];
  private gate: Promise<void> | null = null;
  /** the engine's own fair pool of decoders, when the test gives it a number of them (else no limit) */
  private readonly pool: Pool | undefined;

  constructor(opts: { decoders?: number } = {}) {
    this.pool = opts.decoders ? new Pool(opts.decoders) : undefined;
  }

  queuePosition(tag: string): number | undefined {
    return this.pool?.ahead(tag);
  }

  hold(): () => void {
    let release = () => {};
    this.gate = new Promise<void>((resolve) => {
      release = () => {
        this.gate = null;
        resolve();
      };
    });
    return release;
  }

  async status() {
    return [{ name: 'scripted', available: true, detail: 'test stand-in' }];
  }

  async transcribe(audio: Buffer, hints: RecognitionHints = {}): Promise<Transcript> {
    if (this.pool) return this.pool.run(() => this.answer(audio, hints), hints.owner, hints.tag);
    return this.answer(audio, hints);
  }

  private async answer(_audio: Buffer, { owner, tag, ...hints }: RecognitionHints): Promise<Transcript> {
    this.heard.push(hints);
    this.scheduled.push({ owner, tag });
    if (this.gate) await this.gate;
    const answer = hints.expected === undefined ? undefined : this.said.get(hints.expected);
    if (answer instanceof Error) throw answer;
    return { text: answer ?? hints.expected ?? '', words: [] };
  }

  /** streams opened; `refuseStreams` makes openStream refuse like a busy server */
  streams = 0;
  refuseStreams = false;

  async openStream(options: RecognitionHints & { sampleRate: number }): Promise<SttStream> {
    if (this.refuseStreams) throw new EngineUnavailableError('Too many speech streams are open');
    this.streams += 1;
    const answer = options.expected === undefined ? undefined : this.said.get(options.expected);
    return new ScriptedStream(answer instanceof Error ? '' : (answer ?? options.expected ?? ''));
  }
}

/** A stream of the stand-in: no partials; its final is what the learner "said". */
class ScriptedStream extends EventEmitter implements SttStream {
  bytes = 0;
  constructor(private readonly text: string) {
    super();
  }
  write(pcm: Buffer) {
    this.bytes += pcm.length;
  }
  async end(): Promise<Transcript> {
    const words = this.text.split(/\s+/).filter(Boolean);
    return {
      text: this.text,
      words: words.map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.3, confidence: 0.9 })),
    };
  }
  close() {}
}

function ok<T>(res: Answer, what: string): T {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** The learner's calls of the take-sim screen, for one assignment. */
export function learner(as: Caller, assignmentId: string) {
  return {
    start: async (simId: string, simLevelId: string, extra: Record<string, unknown> = {}) =>
      ok<{ _id: string }>(
        await as.post('/api/v1/sims/save-take-sim-details', {
          simId,
          simLevelId,
          mode: 'autoplay',
          assignment_id: assignmentId,
          ...extra,
        }),
        'start',
      )._id,
    lineId: async (attemptId: string, scriptId: string) =>
      ok<{ id: string }>(
        await as.post('/api/v1/sims/user-script-id', { user_response_id: attemptId, sim_script_id: scriptId }),
        'user-script-id',
      ).id,
    /** POST grade-transcription with the attempt id: the recording of a line */
    record: (attemptId: string, scriptId: string, audio: FormFile | null, transcribed = '') =>
      as.form(
        '/api/v1/sims/grade-transcription',
        { sim_level_user_response: attemptId, script_id: scriptId, transcribed_text: transcribed },
        audio ? [audio] : [],
      ),
    result: (lineId: string) => as.get(`/api/v1/sims/get-missed-correct-keywords?id=${lineId}`),
    /** Polls the line's result until it is no longer Pending (the client polls every second). */
    graded: async (lineId: string, timeoutMs = 60_000): Promise<TLineResultResponse> => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const body = ok<TLineResultResponse>(
          await as.get(`/api/v1/sims/get-missed-correct-keywords?id=${lineId}`),
          'result',
        );
        if (body.status !== 'Pending') return body;
        if (Date.now() > until) throw new Error(`line ${lineId} still Pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    finalScore: (attemptId: string, extra: Record<string, unknown> = {}) =>
      as.post('/api/v1/sims/final-score', {
        user_response_id: attemptId,
        assignment_id: assignmentId,
        totalSeconds: 120,
        wrapSeconds: 15,
        ...extra,
      }),
    /** Final score until every recorded line is graded (the client asks again after 5 s). */
    finalScoreDone: async (attemptId: string, extra: Record<string, unknown> = {}, timeoutMs = 60_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const body = ok<TFinalScoreResponse>(
          await as.post('/api/v1/sims/final-score', {
            user_response_id: attemptId,
            assignment_id: assignmentId,
            totalSeconds: 120,
            wrapSeconds: 15,
            ...extra,
          }),
          'final-score',
        );
        if (body.all_completed) return body;
        if (Date.now() > until) throw new Error(`attempt ${attemptId} still grading after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** A recording as the browser sends it. */
export const recording = (data: Buffer, contentType = 'audio/wav', filename = 'take.wav'): FormFile => ({
  field: 'audio_blob',
  filename,
  contentType,
  data,
});
