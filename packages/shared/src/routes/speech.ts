import { defineRoute } from '../contract/define';
import { ZGradeRequest, ZGradeResponse } from '../schemas/grading';
import { ZStreamUrlResponse, ZSynthesizeRequest, ZTranscribeResponse, ZVoicesResponse } from '../schemas/speech';

const tags = ['speech'];

/** Speech: voices, synthesis, transcription, grading and the streaming websocket (issue 3). */
export const speechApi = {
  voices: defineRoute({
    method: 'GET',
    url: '/api/v1/speech/voices',
    access: 'signedIn',
    tags,
    summary: 'The voices a character can speak with',
    response: ZVoicesResponse,
  }),
  synthesize: defineRoute({
    method: 'POST',
    url: '/api/v1/speech/synthesize',
    access: {
      anyOf: [
        { task: 'sim_list', type: 'create' },
        { task: 'sim_list', type: 'update' },
      ],
    },
    tags,
    summary: 'Speak a text in a voice; answers the MP3 (generated once per text and voice)',
    body: ZSynthesizeRequest,
    response: 'file',
  }),
  transcribe: defineRoute({
    method: 'POST',
    url: '/api/v1/speech/transcribe',
    access: 'signedIn',
    tags,
    summary:
      'Transcribe a recording (multipart: file field audio; optional fields expected and keywords, a JSON array)',
    body: 'multipart',
    response: ZTranscribeResponse,
  }),
  grade: defineRoute({
    method: 'POST',
    url: '/api/v1/speech/grade',
    access: 'signedIn',
    tags,
    summary: 'Grade a transcript against keywords and tests (DECISIONS.md section 4)',
    body: ZGradeRequest,
    response: ZGradeResponse,
  }),
  streamUrl: defineRoute({
    method: 'GET',
    url: '/api/v1/speech/stream-url',
    access: 'signedIn',
    tags,
    summary: 'A signed websocket URL for streaming recognition, valid 5 minutes',
    response: ZStreamUrlResponse,
  }),
  /** the websocket itself: its URL (from stream-url) is signed and expires */
  stream: defineRoute({
    method: 'GET',
    url: '/api/v1/speech/stream',
    access: 'signedUrl',
    tags,
    summary: 'Streaming recognition (websocket; the signed URL of stream-url)',
    response: 'none',
    hidden: true,
  }),
};
