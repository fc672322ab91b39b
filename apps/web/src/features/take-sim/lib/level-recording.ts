import type { ComponentType, ReactNode } from 'react';

/**
 * The level's screen recording as the take-sim screen sees it (the recording itself is features/screen-recording,
 * passed in by src/app as the ScreenRecording part).
 */
export interface LevelRecording {
  /** after All Done: stop, send the rest and build the video (the attempt's seconds); null: no recording */
  finish: ((totalSeconds: number) => Promise<void>) | null;
  /** the upload's percentage (parts acknowledged ÷ parts); null: no recording */
  uploadPercent: number | null;
  /** when the level began (the Screen Recording dialog was answered); null: no dialog was shown */
  startedAt: number | null;
}

export interface LevelRecordingProps {
  attemptId: string;
  /** the level's screenRecording setting (the navigation state) */
  enabled: boolean;
  /** the level, once the dialog is answered */
  children: (recording: LevelRecording) => ReactNode;
}

export type LevelRecordingPart = ComponentType<LevelRecordingProps>;
