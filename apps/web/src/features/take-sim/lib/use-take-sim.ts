import { ASSIGNMENT_LIMITS, SCRIPT_TOOLS_MESSAGES, TAKE_SIM_MESSAGES, type TTakeSimResponse } from '@sim/shared';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { logClientError } from '../../../lib/log-error';
import { MicrophoneError } from '../../../lib/use-recorder';
import { postFinalScore } from '../api/final-score';
import { getLineResult, isGraded } from '../api/line-result';
import { retryLine } from '../api/retry-line';
import { saveStats } from '../api/save-stats';
import { startAttempt } from '../api/start-attempt';
import { fetchStreamUrl } from '../api/stream-url';
import { uploadLine } from '../api/upload-line';
import { type Attempt, attemptSeconds, FINAL_SCORE_TRIES, resumedTakes, type Take } from './attempt';
import { keywordsToTick } from './live-keywords';
import { isAbort, pollUntil } from './poll';
import { type PlayStep, playSteps, readingMs, stepAtFullIndex } from './steps';
import { StreamUrlSource } from './stream-url';
import {
  basePhase,
  type ConfirmKind,
  gradesInDialog,
  initialTakeSimState,
  isBusy,
  type LineError,
  type LineRetry,
  takeSimReducer,
} from './take-sim-state';
import { useClipPlayer } from './use-clip-player';
import { type LineToSay, type RecordedTake, type TakeEnd, useLineRecorder } from './use-line-recorder';

export type { ConfirmKind, FeedbackState } from './take-sim-state';

interface Options {
  details: TTakeSimResponse;
  attempt: Attempt;
  assignmentId: string;
  onNewAttempt: (attempt: Attempt) => void;
  onExit: () => void;
  /** after All Done, before the attempt is closed: the screen recording's upload and build (its seconds) */
  beforeFinish?: (totalSeconds: number) => Promise<void>;
}

const SOCKET_COMPONENT = 'take-sim speech socket';

const lineOf = (step: PlayStep): LineToSay => ({
  script: step.step.script,
  keywords: keywordsToTick(step.step),
  tests: step.step.tests,
  natural_lenguage: step.step.natural_lenguage,
  overalConfidence: step.step.overalConfidence,
});

/** The message of a take that ended by itself without being kept. */
function takeEndMessage(end: Exclude<TakeEnd, { kind: 'end-of-speech' }>): string {
  return end.kind === 'no-speech' ? TAKE_SIM_MESSAGES.noSpeech : TAKE_SIM_MESSAGES.takeTooLong(end.capMs / 1000);
}

/**
 * The take-sim screen's behaviour (learner-and-review.md section 4, "Taking a sim"): the steps and the
 * active one, the character clips (autoplay moves on by itself after each; practice waits for the
 * learner), the learner's takes (record, upload, real-time feedback, retry; in autoplay a take ends by
 * itself when the learner stops speaking), stats on every step change, Done → wrap-up → All Done, Restart
 * (with or without the coach) and Exit. The state and its rules are take-sim-state.ts's reducer; this hook
 * runs the effects and tells the reducer what happened.
 */
export function useTakeSim({ details, attempt, assignmentId, onNewAttempt, onExit, beforeFinish }: Options) {
  const { level, sim } = details;
  const autoplay = attempt.mode === 'autoplay';
  const [state, dispatch] = useReducer(takeSimReducer, undefined, () => {
    const steps = playSteps(level, attempt.withoutCoach);
    return initialTakeSimState(steps, stepAtFullIndex(steps, attempt.startFullIndex), resumedTakes(level.sim_scripts));
  });
  const { steps, index, phase } = state;
  const base = basePhase(phase);
  const current = steps[index];
  const isLast = index === steps.length - 1;
  /** the state as last rendered, for the callbacks that run later */
  const latest = useRef(state);
  latest.current = state;
  const alive = useRef(new AbortController());
  const objectUrls = useRef<string[]>([]);
  const statsStarted = useRef(false);
  /** the first All Done click: the attempt's end, kept when All Done is clicked again after a failure */
  const finishedAt = useRef<number | null>(null);

  useEffect(() => {
    const controller = alive.current;
    const urls = objectUrls.current;
    return () => {
      controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  // the character's clip; autoplay moves on when it ends
  const player = useClipPlayer(() => {
    if (autoplay) dispatch({ type: 'advance', from: latest.current.index });
  });

  const streamUrls = useMemo(() => new StreamUrlSource(fetchStreamUrl), []);
  const startRef = useRef<() => void>(() => {});
  const takeEndRef = useRef<(end: TakeEnd) => void>(() => {});
  const recorder = useLineRecorder({
    streamUrls,
    onSocketFailure: (reason) => {
      dispatch({ type: 'take-failed', error: { message: TAKE_SIM_MESSAGES.socketProblem, retry: { kind: 'record' } } });
      void logClientError(TAKE_SIM_MESSAGES.socketLog, `${SOCKET_COMPONENT}: ${reason}`);
    },
    onLiveUnavailable: (error) => void logClientError(error, 'take-sim stream-url'),
    onTakeEnd: (end) => takeEndRef.current(end),
  });

  // prefetch the websocket URL once the page opens (a failed fetch is asked again at the first take)
  useEffect(() => {
    streamUrls.get().catch(() => {});
  }, [streamUrls]);

  const startRecording = useCallback(async () => {
    const step = latest.current.steps[latest.current.index];
    if (!step?.learnerTurn) return;
    dispatch({ type: 'record-started' });
    try {
      // only autoplay ends a take by itself; practice waits for STOP (the longest take applies to both)
      await recorder.start(lineOf(step), { endOfSpeech: autoplay });
    } catch (error) {
      dispatch({
        type: 'take-failed',
        error: {
          message: error instanceof MicrophoneError ? error.message : SCRIPT_TOOLS_MESSAGES.micFailed,
          retry: { kind: 'record' },
        },
      });
    }
  }, [autoplay, recorder.start]);
  startRef.current = () => void startRecording();

  const gradeInDialog = useCallback(async (scriptId: string, lineId: string) => {
    try {
      const { value, done } = await pollUntil((signal) => getLineResult(lineId, signal), isGraded, {
        intervalMs: ASSIGNMENT_LIMITS.keywordPollMs,
        tries: ASSIGNMENT_LIMITS.keywordPollTries,
        signal: alive.current.signal,
        onAnswer: (answer) =>
          dispatch({
            type: 'grading-wait',
            scriptId,
            ahead: answer.status === 'Pending' ? answer.lines_ahead : undefined,
          }),
      });
      dispatch({ type: 'graded', scriptId, result: done ? value : null });
    } catch (error) {
      if (isAbort(error)) return;
      dispatch({ type: 'grading-failed', scriptId, error: errorMessage(error) });
    }
  }, []);

  const upload = useCallback(
    async (stepIndex: number, take: RecordedTake) => {
      const step = latest.current.steps[stepIndex];
      if (!step) return;
      dispatch({ type: 'upload-started' });
      let lineId: string;
      try {
        lineId = await uploadLine(
          {
            attemptId: attempt.id,
            scriptId: step.step._id,
            audio: take.audio,
            transcript: take.transcript,
            streamId: take.streamId,
          },
          (progress) => dispatch({ type: 'upload-progress', progress }),
        );
      } catch (error) {
        dispatch({
          type: 'take-failed',
          error: { message: errorMessage(error), retry: { kind: 'upload', stepIndex, take } },
        });
        return;
      }
      const clipUrl = URL.createObjectURL(take.audio);
      objectUrls.current.push(clipUrl);
      const grade = gradesInDialog(latest.current, stepIndex);
      const recorded: Take = { lineId, clipUrl, recorded: true, result: null };
      dispatch({ type: 'uploaded', stepIndex, take: recorded, grade });
      if (grade) await gradeInDialog(step.step._id, lineId);
    },
    [attempt.id, gradeInDialog],
  );

  const stopRecording = useCallback(async () => {
    const at = latest.current.index;
    const take = await recorder.stop();
    if (!take) {
      dispatch({ type: 'take-dropped' });
      return;
    }
    if (take.audio.size === 0) {
      dispatch({
        type: 'take-failed',
        error: { message: SCRIPT_TOOLS_MESSAGES.emptyRecording, retry: { kind: 'record' } },
      });
      return;
    }
    await upload(at, take);
  }, [recorder.stop, upload]);

  // a take that ended by itself: the learner stopped speaking (kept, as STOP), or said nothing or too much
  takeEndRef.current = (end) => {
    if (end.kind === 'end-of-speech') {
      void stopRecording();
      return;
    }
    recorder.cancel();
    dispatch({ type: 'take-failed', error: { message: takeEndMessage(end), retry: { kind: 'record' } } });
  };

  /** Retry and Record again: the server forgets the take, then the line is recorded again. */
  const clearTake = useCallback(
    async (scriptId: string): Promise<void> => {
      const take = latest.current.takes[scriptId];
      if (take) await retryLine(take.lineId);
      dispatch({ type: 'take-cleared', scriptId });
      recorder.reset();
    },
    [recorder.reset],
  );

  const retryFromFeedback = useCallback(async () => {
    const feedback = basePhase(latest.current.phase);
    if (feedback.name !== 'feedback') return;
    dispatch({ type: 'feedback-retrying' });
    try {
      await clearTake(feedback.feedback.scriptId);
    } catch (error) {
      dispatch({ type: 'feedback-retry-failed', error: errorMessage(error) });
      return;
    }
    // learner-and-review.md section 4: Retry restarts that clip in autoplay; practice waits for the learner
    if (autoplay) startRef.current();
  }, [autoplay, clearTake]);

  const nextFromFeedback = useCallback(() => {
    const { phase: now, steps: all } = latest.current;
    const feedback = basePhase(now);
    if (feedback.name === 'feedback' && all.at(-1)?.step._id === feedback.feedback.scriptId) player.reset();
    dispatch({ type: 'feedback-next', now: Date.now() });
  }, [player.reset]);

  const recordAgain = useCallback(async () => {
    const step = latest.current.steps[latest.current.index];
    if (!step) return;
    dispatch({ type: 'line-error-dismissed' });
    try {
      await clearTake(step.step._id);
    } catch (error) {
      dispatch({ type: 'take-failed', error: { message: errorMessage(error), retry: { kind: 'record-again' } } });
      return;
    }
    startRef.current();
  }, [clearTake]);

  const retryLineError = (retry: LineRetry) => {
    if (retry.kind === 'upload') void upload(retry.stepIndex, retry.take);
    else if (retry.kind === 'record-again') void recordAgain();
    else startRef.current();
  };

  const openWrapUp = useCallback(() => {
    player.reset();
    dispatch({ type: 'wrap-up-opened', now: Date.now() });
  }, [player.reset]);

  // entering a step: keep the stats, play the clip or open the learner's turn
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per step; the rest is read at that moment
  useEffect(() => {
    const step = steps[index];
    if (!step) return;
    const levelStart = !statsStarted.current;
    statsStarted.current = true;
    saveStats({
      attemptId: attempt.id,
      simId: sim._id,
      levelId: level._id,
      mode: attempt.mode,
      activeIndex: step.fullIndex,
      levelStart,
    }).catch((error: unknown) => console.warn('take-sim: the stats were not saved', error));

    let timer: number | undefined;
    if (!step.learnerTurn) {
      if (step.step.audio_url) player.play();
      else if (autoplay)
        timer = window.setTimeout(
          () => dispatch({ type: 'advance', from: index }),
          readingMs(step.shown.kind === 'text' ? step.shown.text : ''),
        );
    } else if (autoplay) {
      if (latest.current.takes[step.step._id]?.recorded) dispatch({ type: 'advance', from: index });
      else startRef.current();
    }
    return () => {
      window.clearTimeout(timer);
      player.reset();
      recorder.cancel();
    };
  }, [index]);

  const busy = recorder.phase !== 'idle' || isBusy(phase);

  const goTo = useCallback(
    (to: number) => {
      if (busy) return;
      dispatch({ type: 'go-to', to });
    },
    [busy],
  );

  const allDone = useCallback(async () => {
    const wrapUp = basePhase(latest.current.phase);
    if (wrapUp.name !== 'wrap-up') return;
    dispatch({ type: 'finish-started' });
    // with a screen recording the recorders stop at the first click: a second click (after a failure) keeps its time
    if (beforeFinish && finishedAt.current === null) finishedAt.current = Date.now();
    const now = beforeFinish && finishedAt.current !== null ? finishedAt.current : Date.now();
    const body = {
      attemptId: attempt.id,
      assignmentId,
      totalSeconds: attemptSeconds(attempt, now),
      wrapSeconds: (now - wrapUp.startedAt) / 1000,
      exitOrRestart: false,
    };
    try {
      if (beforeFinish) await beforeFinish(body.totalSeconds);
      const { value } = await pollUntil(
        (signal) => postFinalScore(body, signal),
        (answer) => answer.all_completed,
        { intervalMs: ASSIGNMENT_LIMITS.finalScoreRetryMs, tries: FINAL_SCORE_TRIES, signal: alive.current.signal },
      );
      dispatch({ type: 'finished', final: value });
    } catch (error) {
      if (isAbort(error)) return;
      dispatch({ type: 'finish-failed', error: errorMessage(error) });
    }
  }, [assignmentId, attempt, beforeFinish]);

  /** Restart (with or without the coach) and Exit close the attempt with exit_or_restart. */
  const confirmAction = useCallback(async () => {
    const asked = latest.current.phase;
    if (asked.name !== 'confirm' || asked.busy) return;
    if (asked.kind === 'skip') {
      // the learner goes on past a turn they did not record (it counts as not said)
      dispatch({ type: 'confirm-cancelled' });
      dispatch({ type: 'go-to', to: latest.current.index + 1 });
      return;
    }
    dispatch({ type: 'confirm-started' });
    player.reset();
    recorder.cancel();
    try {
      await postFinalScore({
        attemptId: attempt.id,
        assignmentId,
        totalSeconds: attemptSeconds(attempt, Date.now()),
        wrapSeconds: 0,
        exitOrRestart: true,
      });
      if (asked.kind === 'exit') {
        onExit();
        return;
      }
      const withoutCoach = asked.kind === 'coach' ? !attempt.withoutCoach : attempt.withoutCoach;
      const id = await startAttempt({
        simId: sim._id,
        levelId: level._id,
        assignmentId,
        mode: attempt.mode,
        withoutCoach,
      });
      onNewAttempt({ id, mode: attempt.mode, withoutCoach, startFullIndex: 0, priorSeconds: 0, startedAt: Date.now() });
    } catch (error) {
      dispatch({ type: 'confirm-failed', error: errorMessage(error) });
    }
  }, [assignmentId, attempt, level._id, onExit, onNewAttempt, player.reset, recorder.cancel, sim._id]);

  const linePhase =
    recorder.phase !== 'idle'
      ? recorder.phase
      : base.name === 'uploading' || base.name === 'grading'
        ? base.name
        : ('idle' as const);
  const lineError: LineError | null = state.lineError;
  const confirm = phase.name === 'confirm' ? phase : null;

  return {
    steps,
    index,
    current,
    isLast,
    autoplay,
    /** the phase the screen is in (take-sim-state.ts) */
    phase: phase.name,
    visited: state.visited,
    busy,
    player,
    recorder,
    linePhase,
    uploadProgress: base.name === 'uploading' ? base.progress : 0,
    /** lines the server grades before the current one, while it waits (issue 32) */
    gradingAhead: base.name === 'grading' ? base.ahead : undefined,
    lineError: lineError ? { message: lineError.message, retry: () => retryLineError(lineError.retry) } : null,
    dismissLineError: () => dispatch({ type: 'line-error-dismissed' }),
    take: current ? state.takes[current.step._id] : undefined,
    takes: state.takes,
    feedback: base.name === 'feedback' ? base.feedback : null,
    feedbackFor: (scriptId: string) => !state.feedbackOff.has(scriptId),
    setFeedbackFor: (scriptId: string, on: boolean) => dispatch({ type: 'feedback-toggled', scriptId, on }),
    wrapUp: base.name === 'wrap-up' || base.name === 'finishing' ? { startedAt: base.startedAt } : null,
    finishing: base.name === 'finishing',
    finishError: base.name === 'wrap-up' ? base.error : null,
    final: base.name === 'done' ? base.final : null,
    confirm: confirm?.kind ?? null,
    confirmBusy: confirm?.busy ?? false,
    confirmError: confirm?.error ?? null,
    actions: {
      goTo,
      // practice: NEXT past the learner's turn before a take asks first (issue 31: it skipped the line silently)
      next: () =>
        !autoplay && current?.learnerTurn && !state.takes[current.step._id]?.recorded && !busy
          ? dispatch({ type: 'confirm-asked', kind: 'skip' })
          : goTo(index + 1),
      back: () => goTo(index - 1),
      record: () => void startRecording(),
      stop: () => void stopRecording(),
      recordAgain: () => void recordAgain(),
      retryFeedback: () => void retryFromFeedback(),
      nextFeedback: nextFromFeedback,
      done: openWrapUp,
      allDone: () => void allDone(),
      ask: (kind: ConfirmKind) => dispatch({ type: 'confirm-asked', kind }),
      cancelConfirm: () => dispatch({ type: 'confirm-cancelled' }),
      confirm: () => void confirmAction(),
    },
  };
}

export type TakeSimController = ReturnType<typeof useTakeSim>;
