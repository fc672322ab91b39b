import type { TFinalScoreResponse, TLineResultResponse } from '@sim/shared';
import type { Take } from './attempt';
import type { PlayStep } from './steps';
import type { RecordedTake } from './use-line-recorder';

/**
 * The take-sim screen's state (learner-and-review.md section 4, "Taking a sim") as one reducer: the step,
 * the takes, and the phase the screen is in. The hook (use-take-sim.ts) runs the effects (clips, the
 * microphone, the API) and tells this reducer what happened; every rule of which step comes next, which
 * dialog is open and what the learner may do is here, pure and unit-tested.
 *
 * Phases:
 * - clip: a character's line (its clip plays, or autoplay waits a reading time);
 * - turn: the learner's turn, the microphone closed (before a take, or after it without feedback);
 * - recording: a take runs (the recorder says starting, recording or stopping);
 * - uploading, grading: the take is sent, then graded for the real-time feedback;
 * - feedback: the Real Time Feedback dialog;
 * - wrap-up, then finishing (All Done pressed), then done (the result shows);
 * - confirm: Restart, the coach toggle, Exit, or NEXT past an unrecorded turn in practice asks first; it lies over the phase it was asked in, which goes
 *   on underneath (a grade that comes meanwhile opens the feedback once the question is answered No).
 */

export type ConfirmKind = 'restart' | 'coach' | 'exit' | 'skip';

export interface FeedbackState {
  scriptId: string;
  result: TLineResultResponse | null;
  slow: boolean;
  retrying: boolean;
  error: string | null;
}

/** What the Retry of the alert under the learner's turn does. */
export type LineRetry =
  | { kind: 'record' }
  /** the take is cleared on the server first (Record again failed) */
  | { kind: 'record-again' }
  /** the upload of this take is tried again */
  | { kind: 'upload'; stepIndex: number; take: RecordedTake };

export interface LineError {
  message: string;
  retry: LineRetry;
}

export type BasePhase =
  | { name: 'clip' }
  | { name: 'turn' }
  | { name: 'recording' }
  | { name: 'uploading'; progress: number }
  /** `ahead`: the lines the server grades before this one, while it waits for a decoder (issue 32) */
  | { name: 'grading'; scriptId: string; ahead?: number }
  | { name: 'feedback'; feedback: FeedbackState }
  | { name: 'wrap-up'; startedAt: number; error: string | null }
  | { name: 'finishing'; startedAt: number }
  | { name: 'done'; final: TFinalScoreResponse };

export interface ConfirmPhase {
  name: 'confirm';
  kind: ConfirmKind;
  busy: boolean;
  error: string | null;
  under: BasePhase;
}

export type Phase = BasePhase | ConfirmPhase;
export type PhaseName = Phase['name'];

export interface TakeSimState {
  steps: readonly PlayStep[];
  index: number;
  visited: ReadonlySet<number>;
  takes: Readonly<Record<string, Take>>;
  /** the lines whose real-time feedback the learner turned off */
  feedbackOff: ReadonlySet<string>;
  lineError: LineError | null;
  phase: Phase;
}

export type TakeSimEvent =
  /** autoplay moves on from a step: its clip ended, its reading time passed, its line was recorded already */
  | { type: 'advance'; from: number }
  /** the learner goes to a step (Next, Back, the step menu); ignored while the screen is busy */
  | { type: 'go-to'; to: number }
  | { type: 'record-started' }
  /** the take ended without anything to upload (stopped before it started) */
  | { type: 'take-dropped' }
  /** the take failed or was stopped with a message (microphone, socket, nothing heard, too long, upload) */
  | { type: 'take-failed'; error: LineError }
  | { type: 'line-error-dismissed' }
  | { type: 'upload-started' }
  | { type: 'upload-progress'; progress: number }
  | { type: 'uploaded'; stepIndex: number; take: Take; grade: boolean }
  /** the server's answer while the line waits: how many lines it grades first (none known: undefined) */
  | { type: 'grading-wait'; scriptId: string; ahead: number | undefined }
  | { type: 'graded'; scriptId: string; result: TLineResultResponse | null }
  | { type: 'grading-failed'; scriptId: string; error: string }
  | { type: 'feedback-retrying' }
  | { type: 'feedback-retry-failed'; error: string }
  /** the server forgot the line's take (Retry in the feedback, Record again) */
  | { type: 'take-cleared'; scriptId: string }
  | { type: 'feedback-next'; now: number }
  | { type: 'feedback-toggled'; scriptId: string; on: boolean }
  | { type: 'wrap-up-opened'; now: number }
  | { type: 'finish-started' }
  | { type: 'finish-failed'; error: string }
  | { type: 'finished'; final: TFinalScoreResponse }
  | { type: 'confirm-asked'; kind: ConfirmKind }
  | { type: 'confirm-cancelled' }
  | { type: 'confirm-started' }
  | { type: 'confirm-failed'; error: string };

/** The phase a step opens in. */
export function phaseOfStep(step: PlayStep | undefined): BasePhase {
  return step?.learnerTurn ? { name: 'turn' } : { name: 'clip' };
}

export function initialTakeSimState(
  steps: readonly PlayStep[],
  index: number,
  takes: Record<string, Take>,
): TakeSimState {
  return {
    steps,
    index,
    visited: new Set(steps.length > 0 ? [index] : []),
    takes,
    feedbackOff: new Set(),
    lineError: null,
    phase: phaseOfStep(steps[index]),
  };
}

/** The phase under a confirmation, or the phase itself. */
export function basePhase(phase: Phase): BasePhase {
  return phase.name === 'confirm' ? phase.under : phase;
}

/** Whether the learner is held on the step: a take, a dialog or the end of the attempt is under way. */
export function isBusy(phase: Phase): boolean {
  return phase.name !== 'clip' && phase.name !== 'turn';
}

/** Whether a Real Time Feedback dialog follows this step's upload. */
export function gradesInDialog(state: TakeSimState, stepIndex: number): boolean {
  const step = state.steps[stepIndex];
  return step?.realTimeFeedback === true && !state.feedbackOff.has(step.step._id);
}

/** Changes the phase, or the one under a confirmation. */
function withBase(state: TakeSimState, change: (phase: BasePhase) => BasePhase): TakeSimState {
  const { phase } = state;
  if (phase.name === 'confirm') {
    const under = change(phase.under);
    return under === phase.under ? state : { ...state, phase: { ...phase, under } };
  }
  const next = change(phase);
  return next === phase ? state : { ...state, phase: next };
}

function moveTo(state: TakeSimState, to: number): TakeSimState {
  const visited = state.visited.has(to) ? state.visited : new Set([...state.visited, to]);
  return withBase({ ...state, index: to, visited, lineError: null }, () => phaseOfStep(state.steps[to]));
}

/** The step after `from`, when `from` is still the current one; on the last step the phase goes back to the turn. */
function advanceFrom(state: TakeSimState, from: number): TakeSimState {
  if (state.index !== from) return state;
  if (from < state.steps.length - 1) return moveTo(state, from + 1);
  return withBase(state, () => phaseOfStep(state.steps[from]));
}

function currentFeedback(state: TakeSimState): FeedbackState | null {
  const base = basePhase(state.phase);
  return base.name === 'feedback' ? base.feedback : null;
}

function withFeedback(state: TakeSimState, change: (f: FeedbackState) => FeedbackState): TakeSimState {
  return withBase(state, (p) => (p.name === 'feedback' ? { name: 'feedback', feedback: change(p.feedback) } : p));
}

export function takeSimReducer(state: TakeSimState, event: TakeSimEvent): TakeSimState {
  switch (event.type) {
    case 'advance': {
      const base = basePhase(state.phase);
      // a clip or a recorded turn moves on; a take, a dialog or the wrap-up holds the step
      if (base.name !== 'clip' && base.name !== 'turn') return state;
      return advanceFrom(state, event.from);
    }
    case 'go-to':
      if (event.to < 0 || event.to >= state.steps.length || isBusy(state.phase)) return state;
      return event.to === state.index ? state : moveTo(state, event.to);
    case 'record-started': {
      // autoplay may open the microphone under a confirmation (the clip ended meanwhile)
      if (basePhase(state.phase).name !== 'turn') return state;
      return withBase({ ...state, lineError: null }, () => ({ name: 'recording' }));
    }
    case 'take-dropped':
      return withBase(state, (p) => (p.name === 'recording' ? { name: 'turn' } : p));
    case 'take-failed':
      return withBase({ ...state, lineError: event.error }, (p) =>
        p.name === 'recording' || p.name === 'uploading' ? { name: 'turn' } : p,
      );
    case 'line-error-dismissed':
      return state.lineError ? { ...state, lineError: null } : state;
    case 'upload-started':
      return withBase({ ...state, lineError: null }, () => ({ name: 'uploading', progress: 0 }));
    case 'upload-progress':
      return withBase(state, (p) => (p.name === 'uploading' ? { name: 'uploading', progress: event.progress } : p));
    case 'uploaded': {
      const step = state.steps[event.stepIndex];
      if (!step) return state;
      const withTake = { ...state, takes: { ...state.takes, [step.step._id]: event.take } };
      if (event.grade) return withBase(withTake, () => ({ name: 'grading', scriptId: step.step._id }));
      return advanceFrom(
        withBase(withTake, () => phaseOfStep(step)),
        event.stepIndex,
      );
    }
    case 'grading-wait':
      return withBase(state, (p) =>
        p.name === 'grading' && p.scriptId === event.scriptId && p.ahead !== event.ahead
          ? { name: 'grading', scriptId: p.scriptId, ...(event.ahead === undefined ? {} : { ahead: event.ahead }) }
          : p,
      );
    case 'graded': {
      const take = state.takes[event.scriptId];
      const takes = take ? { ...state.takes, [event.scriptId]: { ...take, result: event.result } } : state.takes;
      const feedback: FeedbackState = {
        scriptId: event.scriptId,
        result: event.result,
        slow: event.result === null,
        retrying: false,
        error: null,
      };
      return withBase({ ...state, takes }, () => ({ name: 'feedback', feedback }));
    }
    case 'grading-failed':
      return withBase(state, () => ({
        name: 'feedback',
        feedback: { scriptId: event.scriptId, result: null, slow: true, retrying: false, error: event.error },
      }));
    case 'feedback-retrying':
      return withFeedback(state, (f) => ({ ...f, retrying: true, error: null }));
    case 'feedback-retry-failed':
      return withFeedback(state, (f) => ({ ...f, retrying: false, error: event.error }));
    case 'take-cleared': {
      const { [event.scriptId]: _dropped, ...takes } = state.takes;
      const feedback = currentFeedback(state);
      const cleared = { ...state, takes };
      if (feedback?.scriptId !== event.scriptId) return cleared;
      const at = state.steps.findIndex((s) => s.step._id === event.scriptId);
      return withBase(cleared, () => phaseOfStep(state.steps[at]));
    }
    case 'feedback-next': {
      const feedback = currentFeedback(state);
      if (!feedback) return state;
      const at = state.steps.findIndex((s) => s.step._id === feedback.scriptId);
      if (at === state.steps.length - 1)
        return withBase(state, () => ({ name: 'wrap-up', startedAt: event.now, error: null }));
      const closed = withBase(state, () => phaseOfStep(state.steps[at]));
      return at === -1 ? closed : advanceFrom(closed, at);
    }
    case 'feedback-toggled': {
      const feedbackOff = new Set(state.feedbackOff);
      if (event.on) feedbackOff.delete(event.scriptId);
      else feedbackOff.add(event.scriptId);
      return { ...state, feedbackOff };
    }
    case 'wrap-up-opened':
      return withBase(state, (p) =>
        p.name === 'wrap-up' || p.name === 'finishing' || p.name === 'done'
          ? p
          : { name: 'wrap-up', startedAt: event.now, error: null },
      );
    case 'finish-started':
      return withBase(state, (p) => (p.name === 'wrap-up' ? { name: 'finishing', startedAt: p.startedAt } : p));
    case 'finish-failed':
      return withBase(state, (p) =>
        p.name === 'finishing' ? { name: 'wrap-up', startedAt: p.startedAt, error: event.error } : p,
      );
    case 'finished':
      return withBase(state, () => ({ name: 'done', final: event.final }));
    case 'confirm-asked':
      if (state.phase.name === 'confirm') return state;
      return { ...state, phase: { name: 'confirm', kind: event.kind, busy: false, error: null, under: state.phase } };
    case 'confirm-cancelled':
      if (state.phase.name !== 'confirm' || state.phase.busy) return state;
      return { ...state, phase: state.phase.under };
    case 'confirm-started': {
      if (state.phase.name !== 'confirm') return state;
      const { under } = state.phase;
      // the take running underneath is dropped (the recorder is cancelled)
      const after: BasePhase = under.name === 'recording' ? { name: 'turn' } : under;
      return { ...state, phase: { ...state.phase, busy: true, error: null, under: after } };
    }
    case 'confirm-failed':
      if (state.phase.name !== 'confirm') return state;
      return { ...state, phase: { ...state.phase, busy: false, error: event.error } };
  }
}
