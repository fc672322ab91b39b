import { describe, expect, it } from 'vitest';
import { callSteps, details, finalScore, lineResult, step } from '../testing/take-sim-harness';
import type { Take } from './attempt';
import { playSteps } from './steps';
import {
  basePhase,
  gradesInDialog,
  initialTakeSimState,
  isBusy,
  type LineError,
  type TakeSimEvent,
  type TakeSimState,
  takeSimReducer,
} from './take-sim-state';

/** customer (clip) → agent (learner's turn, real-time feedback) → customer (clip); new script ids on each call */
function call(index = 0, takes: Record<string, Take> = {}): TakeSimState {
  return initialTakeSimState(playSteps(details(callSteps()).level, false), index, takes);
}

/** The state after the events, in order. */
const after = (state: TakeSimState, ...events: TakeSimEvent[]) => events.reduce(takeSimReducer, state);

const take = (lineId = 'line-1'): Take => ({ lineId, clipUrl: 'blob:take', recorded: true, result: null });
const agentId = (state: TakeSimState) => state.steps[1]?.step._id ?? '';
const micError: LineError = { message: 'The microphone is busy', retry: { kind: 'record' } };

describe('the take-sim state: steps', () => {
  it('opens on the step asked for, in its phase, that step visited', () => {
    const first = call();
    expect(first.phase).toEqual({ name: 'clip' });
    expect([...first.visited]).toEqual([0]);
    const turn = call(1);
    expect(turn.phase).toEqual({ name: 'turn' });
    expect([...turn.visited]).toEqual([1]);
  });

  it('moves on from a clip (autoplay), once: a late "advance" of a step left already does nothing', () => {
    const moved = after(call(), { type: 'advance', from: 0 });
    expect(moved.index).toBe(1);
    expect(moved.phase).toEqual({ name: 'turn' });
    expect([...moved.visited]).toEqual([0, 1]);
    expect(after(moved, { type: 'advance', from: 0 })).toBe(moved);
  });

  it('stays on the last step', () => {
    const last = call(2);
    expect(after(last, { type: 'advance', from: 2 })).toEqual(last);
  });

  it('goes to a step when the learner is free, not during a take or a dialog, nor out of the level', () => {
    const start = call();
    expect(after(start, { type: 'go-to', to: 2 }).index).toBe(2);
    expect(after(start, { type: 'go-to', to: 3 })).toBe(start);
    expect(after(start, { type: 'go-to', to: -1 })).toBe(start);
    const recording = after(call(1), { type: 'record-started' });
    expect(after(recording, { type: 'go-to', to: 0 })).toBe(recording);
    const asking = after(start, { type: 'confirm-asked', kind: 'exit' });
    expect(after(asking, { type: 'go-to', to: 1 })).toBe(asking);
  });

  it('clears the alert of the line when the step changes', () => {
    const failed = after(call(1), { type: 'record-started' }, { type: 'take-failed', error: micError });
    expect(failed.lineError).toEqual(micError);
    expect(after(failed, { type: 'go-to', to: 0 }).lineError).toBeNull();
  });
});

describe('the take-sim state: a take', () => {
  it('keeps the wait the server tells while the line is graded, for that line only (issue 32)', () => {
    const first = call(1);
    const id = agentId(first);
    const grading = [
      { type: 'record-started' },
      { type: 'upload-started' },
      { type: 'uploaded', stepIndex: 1, take: take(), grade: true },
    ].reduce((state, event) => takeSimReducer(state, event as TakeSimEvent), first);
    const told = takeSimReducer(grading, { type: 'grading-wait', scriptId: id, ahead: 3 });
    expect(told.phase).toEqual({ name: 'grading', scriptId: id, ahead: 3 });
    // another line's answer changes nothing; an answer without a wait (being decoded) clears it
    expect(takeSimReducer(told, { type: 'grading-wait', scriptId: 'other', ahead: 1 })).toBe(told);
    expect(takeSimReducer(told, { type: 'grading-wait', scriptId: id, ahead: undefined }).phase).toEqual({
      name: 'grading',
      scriptId: id,
    });
    // the same wait again is the same state (no render)
    expect(takeSimReducer(told, { type: 'grading-wait', scriptId: id, ahead: 3 })).toBe(told);
    expect(takeSimReducer(told, { type: 'graded', scriptId: id, result: lineResult() }).phase.name).toBe('feedback');
  });

  it('records, uploads and grades a line with real-time feedback, then Next moves on', () => {
    const first = call(1);
    const id = agentId(first);
    const states = [first];
    const events: TakeSimEvent[] = [
      { type: 'record-started' },
      { type: 'upload-started' },
      { type: 'upload-progress', progress: 50 },
      { type: 'uploaded', stepIndex: 1, take: take(), grade: true },
      { type: 'graded', scriptId: id, result: lineResult() },
      { type: 'feedback-next', now: 5 },
    ];
    for (const event of events) states.push(takeSimReducer(states.at(-1) as TakeSimState, event));
    expect(states.map((s) => s.phase.name)).toEqual([
      'turn',
      'recording',
      'uploading',
      'uploading',
      'grading',
      'feedback',
      'clip',
    ]);
    expect(states[3]?.phase).toEqual({ name: 'uploading', progress: 50 });
    expect(states[5]?.phase).toEqual({
      name: 'feedback',
      feedback: { scriptId: id, result: lineResult(), slow: false, retrying: false, error: null },
    });
    expect(states[5]?.takes[id]?.result).toEqual(lineResult());
    expect(states[6]?.index).toBe(2);
  });

  it('moves on once uploaded when the line has no feedback; on the last step it stays on the turn', () => {
    const noFeedback = initialTakeSimState(
      playSteps(details(callSteps({ real_time_feedback: false })).level, false),
      1,
      {},
    );
    const moved = after(
      noFeedback,
      { type: 'record-started' },
      { type: 'upload-started' },
      { type: 'uploaded', stepIndex: 1, take: take(), grade: false },
    );
    expect(moved.index).toBe(2);
    expect(moved.takes[agentId(noFeedback)]?.recorded).toBe(true);

    const lastTurn = initialTakeSimState(
      playSteps(details([step('customer', 'Hello'), step('agent', 'Hi there')]).level, false),
      1,
      {},
    );
    const stayed = after(
      lastTurn,
      { type: 'record-started' },
      { type: 'upload-started' },
      { type: 'uploaded', stepIndex: 1, take: take(), grade: false },
    );
    expect(stayed.index).toBe(1);
    expect(stayed.phase).toEqual({ name: 'turn' });
  });

  it('a slow grade opens the feedback without a result; a failed poll with its error', () => {
    const grading = after(call(1), { type: 'uploaded', stepIndex: 1, take: take(), grade: true });
    const id = agentId(grading);
    expect(basePhase(after(grading, { type: 'graded', scriptId: id, result: null }).phase)).toMatchObject({
      name: 'feedback',
      feedback: { result: null, slow: true },
    });
    expect(after(grading, { type: 'grading-failed', scriptId: id, error: 'offline' }).phase).toMatchObject({
      name: 'feedback',
      feedback: { slow: true, error: 'offline' },
    });
  });

  it('a failed take goes back to the turn with its alert; dismissed, or cleared by the next take', () => {
    const failed = after(call(1), { type: 'record-started' }, { type: 'take-failed', error: micError });
    expect(failed.phase).toEqual({ name: 'turn' });
    expect(after(failed, { type: 'line-error-dismissed' }).lineError).toBeNull();
    const again = after(failed, { type: 'record-started' });
    expect(again.phase).toEqual({ name: 'recording' });
    expect(again.lineError).toBeNull();
  });

  it('a failed upload keeps its take for the Retry', () => {
    const pending = { audio: new Blob(['x']), transcript: 'hello', durationMs: 900 };
    const failed = after(
      call(1),
      { type: 'record-started' },
      { type: 'upload-started' },
      { type: 'take-failed', error: { message: 'Network', retry: { kind: 'upload', stepIndex: 1, take: pending } } },
    );
    expect(failed.phase).toEqual({ name: 'turn' });
    expect(failed.lineError?.retry).toEqual({ kind: 'upload', stepIndex: 1, take: pending });
    expect(after(failed, { type: 'upload-started' }).phase).toEqual({ name: 'uploading', progress: 0 });
  });

  it('a take stopped before it started goes back to the turn', () => {
    expect(after(call(1), { type: 'record-started' }, { type: 'take-dropped' }).phase).toEqual({ name: 'turn' });
  });

  it('does not record on a character line', () => {
    const clip = call();
    expect(after(clip, { type: 'record-started' })).toBe(clip);
  });

  it('Retry in the feedback: retrying, then the take is cleared and the turn opens again (or the error shows)', () => {
    const first = call(1);
    const id = agentId(first);
    const feedback = after(
      first,
      { type: 'uploaded', stepIndex: 1, take: take(), grade: true },
      { type: 'graded', scriptId: id, result: lineResult() },
      { type: 'feedback-retrying' },
    );
    expect(feedback.phase).toMatchObject({ name: 'feedback', feedback: { retrying: true } });
    expect(after(feedback, { type: 'feedback-retry-failed', error: 'offline' }).phase).toMatchObject({
      feedback: { retrying: false, error: 'offline' },
    });
    const cleared = after(feedback, { type: 'take-cleared', scriptId: id });
    expect(cleared.phase).toEqual({ name: 'turn' });
    expect(cleared.takes[id]).toBeUndefined();
  });

  it('turns the feedback off per line', () => {
    const state = call(1);
    const id = agentId(state);
    expect(gradesInDialog(state, 1)).toBe(true);
    const off = after(state, { type: 'feedback-toggled', scriptId: id, on: false });
    expect(gradesInDialog(off, 1)).toBe(false);
    expect(gradesInDialog(after(off, { type: 'feedback-toggled', scriptId: id, on: true }), 1)).toBe(true);
    expect(gradesInDialog(state, 0)).toBe(false);
  });
});

describe('the take-sim state: the end of the attempt', () => {
  it('Done opens the wrap-up; All Done finishes, or fails and may be pressed again; then the result', () => {
    const wrap = after(call(2), { type: 'wrap-up-opened', now: 1000 });
    expect(wrap.phase).toEqual({ name: 'wrap-up', startedAt: 1000, error: null });
    const finishing = after(wrap, { type: 'finish-started' });
    expect(finishing.phase).toEqual({ name: 'finishing', startedAt: 1000 });
    expect(isBusy(finishing.phase)).toBe(true);
    // pressed again while finishing: nothing
    expect(after(finishing, { type: 'finish-started' })).toBe(finishing);
    const failed = after(finishing, { type: 'finish-failed', error: 'offline' });
    expect(failed.phase).toEqual({ name: 'wrap-up', startedAt: 1000, error: 'offline' });
    const done = after(failed, { type: 'finish-started' }, { type: 'finished', final: finalScore() });
    expect(done.phase).toEqual({ name: 'done', final: finalScore() });
  });

  it('Next in the feedback of the last line opens the wrap-up', () => {
    const steps = playSteps(
      details([step('customer', 'Hello'), step('agent', 'Hi', { real_time_feedback: true })]).level,
      false,
    );
    const id = steps[1]?.step._id ?? '';
    const state = after(
      initialTakeSimState(steps, 1, {}),
      { type: 'uploaded', stepIndex: 1, take: take(), grade: true },
      { type: 'graded', scriptId: id, result: lineResult() },
      { type: 'feedback-next', now: 7 },
    );
    expect(state.phase).toEqual({ name: 'wrap-up', startedAt: 7, error: null });
  });
});

describe('the take-sim state: Restart, the coach toggle and Exit', () => {
  it('asks, then No goes back to the phase it was asked in', () => {
    const clip = call();
    const asking = after(clip, { type: 'confirm-asked', kind: 'restart' });
    expect(asking.phase).toEqual({
      name: 'confirm',
      kind: 'restart',
      busy: false,
      error: null,
      under: { name: 'clip' },
    });
    expect(isBusy(asking.phase)).toBe(true);
    expect(after(asking, { type: 'confirm-cancelled' }).phase).toEqual({ name: 'clip' });
  });

  it('keeps what happens underneath: a grade that comes meanwhile shows once the question is answered No', () => {
    const grading = after(call(1), { type: 'uploaded', stepIndex: 1, take: take(), grade: true });
    const asking = after(grading, { type: 'confirm-asked', kind: 'exit' });
    const graded = after(asking, { type: 'graded', scriptId: agentId(grading), result: lineResult() });
    expect(graded.phase).toMatchObject({ name: 'confirm', under: { name: 'feedback' } });
    expect(after(graded, { type: 'confirm-cancelled' }).phase.name).toBe('feedback');
  });

  it('a clip that ends under the question moves the step on underneath', () => {
    const asking = after(call(), { type: 'confirm-asked', kind: 'exit' });
    const moved = after(asking, { type: 'advance', from: 0 });
    expect(moved.index).toBe(1);
    expect(moved.phase).toMatchObject({ name: 'confirm', under: { name: 'turn' } });
  });

  it('Yes: busy (No does nothing then), the take underneath dropped; a failure shows and frees the dialog', () => {
    const recording = after(call(1), { type: 'record-started' }, { type: 'confirm-asked', kind: 'coach' });
    const busy = after(recording, { type: 'confirm-started' });
    expect(busy.phase).toEqual({ name: 'confirm', kind: 'coach', busy: true, error: null, under: { name: 'turn' } });
    expect(after(busy, { type: 'confirm-cancelled' })).toBe(busy);
    const failed = after(busy, { type: 'confirm-failed', error: 'offline' });
    expect(failed.phase).toMatchObject({ busy: false, error: 'offline' });
    expect(after(failed, { type: 'confirm-cancelled' }).phase).toEqual({ name: 'turn' });
  });
});
