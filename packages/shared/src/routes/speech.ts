import type { RouteAccess } from './access';

/** Speech: voices, synthesis, transcription, grading and the streaming websocket (issue 3). */
export const SPEECH_ROUTES: Record<string, RouteAccess> = {
  'GET /api/v1/speech/voices': 'signedIn',
  'POST /api/v1/speech/synthesize': {
    anyOf: [
      { task: 'sim_list', type: 'create' },
      { task: 'sim_list', type: 'update' },
    ],
  },
  'POST /api/v1/speech/transcribe': 'signedIn',
  'POST /api/v1/speech/grade': 'signedIn',
  'GET /api/v1/speech/stream-url': 'signedIn',
  'GET /api/v1/speech/stream': 'signedUrl',
  'GET /api/v1/files/*': 'signedUrl',
};
