import {
  ASSIGNMENT_LIMITS,
  SCRIPT_TOOLS_MESSAGES,
  TAKE_SIM_MESSAGES,
  type TFinalScoreResponse,
  type TLineResultResponse,
  type TTakeSimResponse,
} from '@sim/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import { useClipPlayer } from './use-clip-player';
import { type RecordedTake, useLineRecorder } from './use-line-recorder';

export type SubmitPhase = 'idle' | 'uploading' | 'grading';

export interface LineError {
  message: string;
  retry: () => void;
}

export interface FeedbackState {
  scriptId: string;
  result: TLineResultResponse | null;
  slow: boolean;
  retrying: boolean;
  error: string | null;
}

export type ConfirmKind = 'restart' | 'coach' | 'exit';

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

/**
 * The take-sim screen's behaviour (learner-and-review.md section 4, "Taking a sim"): the steps and the
 * active one, the character clips (autoplay moves on by itself after each; practice waits for the
 * learner), the learner's takes (record, upload, real-time feedback, retry), stats on every step change,
 * Done → wrap-up → All Done, Restart (with or without the coach) and Exit.
 */
export function useTakeSim({ details, attempt, assignmentId, onNewAttempt, onExit, beforeFinish }: Options) {
  const { level, sim } = details;
  const steps = useMemo(() => playSteps(level, attempt.withoutCoach), [level, attempt.withoutCoach]);
  const autoplay = attempt.mode === 'autoplay';
  const [index, setIndex] = useState(() => stepAtFullIndex(steps, attempt.startFullIndex));
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set());
  const [takes, setTakes] = useState<Record<string, Take>>(() => resumedTakes(level.sim_scripts));
  const [submit, setSubmit] = useState<SubmitPhase>('idle');
  const [uploadProgress, setUploadProgress] = useState(0);
  const [lineError, setLineError] = useState<LineError | null>(null);
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  const [feedbackOff, setFeedbackOff] = useState<ReadonlySet<string>>(() => new Set());
  const [wrapUp, setWrapUp] = useState<{ startedAt: number } | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [final, setFinal] = useState<TFinalScoreResponse | null>(null);
  const [confirm, setConfirm] = useState<ConfirmKind | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const current: PlayStep | undefined = steps[index];
  const isLast = index === steps.length - 1;
  const indexRef = useRef(index);
  indexRef.current = index;
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

  const advanceFrom = useCallback(
    (from: number) => setIndex((i) => (i === from && i < steps.length - 1 ? i + 1 : i)),
    [steps.length],
  );

  // the character's clip; autoplay moves on when it ends
  const player = useClipPlayer(() => {
    if (autoplay) advanceFrom(indexRef.current);
  });

  const streamUrls = useMemo(() => new StreamUrlSource(fetchStreamUrl), []);
  const startRef = useRef<() => void>(() => {});
  const recorder = useLineRecorder({
    streamUrls,
    onSocketFailure: (reason) => {
      setLineError({ message: TAKE_SIM_MESSAGES.socketProblem, retry: () => startRef.current() });
      void logClientError(TAKE_SIM_MESSAGES.socketLog, `${SOCKET_COMPONENT}: ${reason}`);
    },
    onLiveUnavailable: (error) => void logClientError(error, 'take-sim stream-url'),
  });

  // prefetch the websocket URL once the page opens (a failed fetch is asked again at the first take)
  useEffect(() => {
    streamUrls.get().catch(() => {});
  }, [streamUrls]);

  const takeOf = (step: PlayStep | undefined): Take | undefined => (step ? takes[step.step._id] : undefined);

  const startRecording = useCallback(async () => {
    const step = steps[indexRef.current];
    if (!step?.learnerTurn) return;
    setLineError(null);
    try {
      await recorder.start({
        script: step.step.script,
        keywords: keywordsToTick(step.step),
        tests: step.step.tests,
        natural_lenguage: step.step.natural_lenguage,
        overalConfidence: step.step.overalConfidence,
      });
    } catch (error) {
      setLineError({
        message: error instanceof MicrophoneError ? error.message : SCRIPT_TOOLS_MESSAGES.micFailed,
        retry: () => startRef.current(),
      });
    }
  }, [recorder.start, steps]);
  startRef.current = () => void startRecording();

  const openWrapUp = useCallback(() => {
    player.reset();
    setWrapUp({ startedAt: Date.now() });
  }, [player.reset]);

  const gradeInDialog = useCallback(async (step: PlayStep, lineId: string) => {
    setSubmit('grading');
    try {
      const { value, done } = await pollUntil((signal) => getLineResult(lineId, signal), isGraded, {
        intervalMs: ASSIGNMENT_LIMITS.keywordPollMs,
        tries: ASSIGNMENT_LIMITS.keywordPollTries,
        signal: alive.current.signal,
      });
      setTakes((t) => {
        const take = t[step.step._id];
        return take ? { ...t, [step.step._id]: { ...take, result: done ? value : null } } : t;
      });
      setFeedback({ scriptId: step.step._id, result: done ? value : null, slow: !done, retrying: false, error: null });
    } catch (error) {
      if (isAbort(error)) return;
      setFeedback({ scriptId: step.step._id, result: null, slow: true, retrying: false, error: errorMessage(error) });
    } finally {
      if (!alive.current.signal.aborted) setSubmit('idle');
    }
  }, []);

  const upload = useCallback(
    async (step: PlayStep, take: RecordedTake) => {
      setSubmit('uploading');
      setUploadProgress(0);
      setLineError(null);
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
          setUploadProgress,
        );
      } catch (error) {
        setSubmit('idle');
        setLineError({ message: errorMessage(error), retry: () => void upload(step, take) });
        return;
      }
      const clipUrl = URL.createObjectURL(take.audio);
      objectUrls.current.push(clipUrl);
      setTakes((t) => ({ ...t, [step.step._id]: { lineId, clipUrl, recorded: true, result: null } }));
      if (step.realTimeFeedback && !feedbackOff.has(step.step._id)) {
        await gradeInDialog(step, lineId);
        return;
      }
      setSubmit('idle');
      advanceFrom(steps.indexOf(step));
    },
    [attempt.id, advanceFrom, feedbackOff, gradeInDialog, steps],
  );

  const stopRecording = useCallback(async () => {
    const step = steps[indexRef.current];
    const take = await recorder.stop();
    if (!step || !take) return;
    if (take.audio.size === 0) {
      setLineError({ message: SCRIPT_TOOLS_MESSAGES.emptyRecording, retry: () => startRef.current() });
      return;
    }
    await upload(step, take);
  }, [recorder.stop, steps, upload]);

  /** Retry and Record again: the server forgets the take, then the line is recorded again. */
  const clearTake = useCallback(
    async (step: PlayStep): Promise<void> => {
      const take = takes[step.step._id];
      if (take) await retryLine(take.lineId);
      setTakes((t) => {
        const { [step.step._id]: _dropped, ...rest } = t;
        return rest;
      });
      recorder.reset();
    },
    [recorder.reset, takes],
  );

  const retryFromFeedback = useCallback(async () => {
    const step = steps.find((s) => s.step._id === feedback?.scriptId);
    if (!step) return;
    setFeedback((f) => (f ? { ...f, retrying: true, error: null } : f));
    try {
      await clearTake(step);
    } catch (error) {
      setFeedback((f) => (f ? { ...f, retrying: false, error: errorMessage(error) } : f));
      return;
    }
    setFeedback(null);
    // learner-and-review.md section 4: Retry restarts that clip in autoplay; practice waits for the learner
    if (autoplay) startRef.current();
  }, [autoplay, clearTake, feedback?.scriptId, steps]);

  const nextFromFeedback = useCallback(() => {
    const step = steps.find((s) => s.step._id === feedback?.scriptId);
    setFeedback(null);
    if (!step) return;
    const at = steps.indexOf(step);
    if (at === steps.length - 1) openWrapUp();
    else advanceFrom(at);
  }, [advanceFrom, feedback?.scriptId, openWrapUp, steps]);

  const recordAgain = useCallback(async () => {
    if (!current) return;
    setLineError(null);
    try {
      await clearTake(current);
    } catch (error) {
      setLineError({ message: errorMessage(error), retry: () => void recordAgain() });
      return;
    }
    startRef.current();
  }, [clearTake, current]);

  // entering a step: keep the stats, play the clip or open the learner's turn
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per step; the rest is read at that moment
  useEffect(() => {
    const step = steps[index];
    if (!step) return;
    setVisited((v) => (v.has(index) ? v : new Set([...v, index])));
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
          () => advanceFrom(index),
          readingMs(step.shown.kind === 'text' ? step.shown.text : ''),
        );
    } else if (autoplay) {
      if (takes[step.step._id]?.recorded) advanceFrom(index);
      else startRef.current();
    }
    return () => {
      window.clearTimeout(timer);
      player.reset();
      recorder.cancel();
      setLineError(null);
    };
  }, [index]);

  const busy =
    recorder.phase !== 'idle' || submit !== 'idle' || feedback !== null || wrapUp !== null || confirm !== null;

  const goTo = useCallback(
    (to: number) => {
      if (to < 0 || to >= steps.length || busy) return;
      setIndex(to);
    },
    [busy, steps.length],
  );

  const allDone = useCallback(async () => {
    if (!wrapUp) return;
    setFinishing(true);
    setFinishError(null);
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
      setFinal(value);
      setWrapUp(null);
    } catch (error) {
      if (isAbort(error)) return;
      setFinishError(errorMessage(error));
    } finally {
      if (!alive.current.signal.aborted) setFinishing(false);
    }
  }, [assignmentId, attempt, wrapUp, beforeFinish]);

  /** Restart (with or without the coach) and Exit close the attempt with exit_or_restart. */
  const confirmAction = useCallback(async () => {
    if (!confirm) return;
    setConfirmBusy(true);
    setConfirmError(null);
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
      if (confirm === 'exit') {
        onExit();
        return;
      }
      const withoutCoach = confirm === 'coach' ? !attempt.withoutCoach : attempt.withoutCoach;
      const id = await startAttempt({
        simId: sim._id,
        levelId: level._id,
        assignmentId,
        mode: attempt.mode,
        withoutCoach,
      });
      onNewAttempt({ id, mode: attempt.mode, withoutCoach, startFullIndex: 0, priorSeconds: 0, startedAt: Date.now() });
    } catch (error) {
      setConfirmError(errorMessage(error));
      setConfirmBusy(false);
    }
  }, [assignmentId, attempt, confirm, level._id, onExit, onNewAttempt, player.reset, recorder.cancel, sim._id]);

  const linePhase = recorder.phase !== 'idle' ? recorder.phase : submit;

  return {
    steps,
    index,
    current,
    isLast,
    autoplay,
    visited,
    busy,
    player,
    recorder,
    linePhase,
    uploadProgress,
    lineError,
    dismissLineError: () => setLineError(null),
    take: takeOf(current),
    takes,
    feedback,
    feedbackFor: (scriptId: string) => !feedbackOff.has(scriptId),
    setFeedbackFor: (scriptId: string, on: boolean) =>
      setFeedbackOff((old) => {
        const next = new Set(old);
        if (on) next.delete(scriptId);
        else next.add(scriptId);
        return next;
      }),
    wrapUp,
    finishing,
    finishError,
    final,
    confirm,
    confirmBusy,
    confirmError,
    actions: {
      goTo,
      next: () => goTo(index + 1),
      back: () => goTo(index - 1),
      record: () => void startRecording(),
      stop: () => void stopRecording(),
      recordAgain: () => void recordAgain(),
      retryFeedback: () => void retryFromFeedback(),
      nextFeedback: nextFromFeedback,
      done: openWrapUp,
      allDone: () => void allDone(),
      ask: (kind: ConfirmKind) => {
        setConfirmError(null);
        setConfirm(kind);
      },
      cancelConfirm: () => {
        if (!confirmBusy) setConfirm(null);
      },
      confirm: () => void confirmAction(),
    },
  };
}

export type TakeSimController = ReturnType<typeof useTakeSim>;
