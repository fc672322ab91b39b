import { SCREEN_RECORDING, SCREEN_RECORDING_TEXTS as T } from '@sim/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { buildVideo, sendChunk } from '../api/upload';
import { CaptureDeniedError, captureSupported, openMicrophone, pickScreen, stopStreams } from './capture';
import type { UploadProgress } from './chunked-uploader';
import { RecordingSession, type RecordingSessionDeps } from './recording-session';

/**
 * ask: "Do you want to start screen recording…?"; howMany: 1 or 2 screens; pick: the next screen's picker
 * needs its own click; starting: a picker is open; done: the level goes on (recording or not).
 */
export type RecordingStep = 'ask' | 'howMany' | 'pick' | 'starting' | 'done';

export interface ScreenRecordingGate {
  step: RecordingStep;
  screens: number;
  /** screens picked so far */
  picked: number;
  /** the recording of the attempt, once a screen records */
  session: RecordingSession | null;
  /** when the level began (the decision was made), for the attempt's clock */
  decidedAt: number | null;
  /** why there is no recording (unsupported browser, no screen chosen) */
  notice: string | null;
  progress: UploadProgress;
  actions: {
    yes: () => void;
    no: () => void;
    setScreens: (n: number) => void;
    cancel: () => void;
    proceed: () => void;
    pickNext: () => void;
    dismissNotice: () => void;
  };
}

const defaultDeps: RecordingSessionDeps = {
  send: (attemptId, part, signal) => sendChunk(attemptId, part, signal),
  build: (attemptId, body) => buildVideo(attemptId, body),
};

/**
 * The Screen Recording dialog's flow (learner-and-review.md section 2) for a level whose setting records the
 * screen: ask, then how many screens (default 2), then the browser's picker per screen (the second needs a
 * second click), the microphone mixed into the first. No, Cancel, or a closed picker: the level goes on
 * without recording. `enabled` false: done at once.
 */
export function useScreenRecording(
  attemptId: string,
  enabled: boolean,
  deps: RecordingSessionDeps = defaultDeps,
): ScreenRecordingGate {
  const [step, setStep] = useState<RecordingStep>(enabled ? 'ask' : 'done');
  const [screens, setScreensState] = useState<number>(SCREEN_RECORDING.defaultScreens);
  const [picked, setPicked] = useState(0);
  const [session, setSession] = useState<RecordingSession | null>(null);
  const [decidedAt, setDecidedAt] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress>({ acknowledged: 0, parts: 0 });
  const sessionRef = useRef<RecordingSession | null>(null);
  const depsRef = useRef(deps);

  // the page goes away before All Done built the video: the recording stops
  useEffect(() => () => sessionRef.current?.abort(), []);

  const finishWithout = useCallback((message: string | null) => {
    sessionRef.current?.abort();
    sessionRef.current = null;
    setSession(null);
    setNotice(message);
    setDecidedAt(Date.now());
    setStep('done');
  }, []);

  const startRecording = useCallback((current: RecordingSession) => {
    setSession(current);
    setDecidedAt(current.startedAt ?? Date.now());
    setStep('done');
  }, []);

  /** One screen's picker (a click of the learner); the first also opens the microphone. */
  const pick = useCallback(
    async (total: number) => {
      setStep('starting');
      let current = sessionRef.current;
      let display: MediaStream | null = null;
      try {
        display = await pickScreen();
        if (!current) {
          current = new RecordingSession(attemptId, depsRef.current);
          current.onProgress(setProgress);
          current.setMicrophone(await openMicrophone());
          sessionRef.current = current;
        }
        current.addScreen(display);
      } catch (error) {
        // decided: a screen the learner does not choose ends the choosing (a first one already chosen records);
        // a recorder the browser cannot make counts as an unsupported browser
        if (!(error instanceof CaptureDeniedError)) stopStreams(display);
        if (error instanceof CaptureDeniedError && current && current.screenCount > 0) startRecording(current);
        else finishWithout(error instanceof CaptureDeniedError ? T.captureDenied : T.unsupported);
        return;
      }
      setPicked(current.screenCount);
      if (current.screenCount < total) setStep('pick');
      else startRecording(current);
    },
    [attemptId, finishWithout, startRecording],
  );

  const actions = useMemo(
    () => ({
      yes: () => {
        if (!captureSupported()) finishWithout(T.unsupported);
        else setStep('howMany');
      },
      no: () => finishWithout(null),
      setScreens: (n: number) => setScreensState(n),
      cancel: () => finishWithout(null),
      proceed: () => void pick(screens),
      pickNext: () => void pick(screens),
      dismissNotice: () => setNotice(null),
    }),
    [finishWithout, pick, screens],
  );

  return { step, screens, picked, session, decidedAt, notice, progress, actions };
}
