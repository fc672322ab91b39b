import { z } from 'zod';
import { SPEECH_LIMITS, VOICE_NAMES } from '../speech';

export const ZVoicesResponse = z.object({
  success: z.literal(true),
  voices: z.array(z.object({ name: z.enum(VOICE_NAMES), gender: z.enum(['female', 'male']) })),
});

export const ZSynthesizeRequest = z.object({
  text: z.string().trim().min(1, 'Enter the text to speak.').max(SPEECH_LIMITS.maxSynthesizeChars),
  voice: z.enum(VOICE_NAMES, { message: `voice must be one of ${VOICE_NAMES.join(', ')}` }),
});

export const ZTranscriptWord = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
  confidence: z.number(),
});
export type TTranscriptWord = z.infer<typeof ZTranscriptWord>;

export const ZTranscribeResponse = z.object({
  success: z.literal(true),
  text: z.string(),
  words: z.array(ZTranscriptWord),
});

export const ZStreamUrlResponse = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), expires_at: z.string() }),
});

/** Text messages of the speech websocket, client → server. Binary messages are 16-bit PCM. */
export const ZStreamClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    sampleRate: z.number().int().min(8000).max(96000).default(SPEECH_LIMITS.defaultStreamSampleRate),
    expected: z.string().max(5000).optional(),
    keywords: z.array(z.string().max(500)).max(200).optional(),
  }),
  z.object({ type: z.literal('stop') }),
]);

/** server → client */
export type TStreamServerMessage =
  | { type: 'partial'; text: string; words: z.infer<typeof ZTranscriptWord>[] }
  /** stream_id: sent with the learner's recording (grade-transcription), the line may be graded from this final */
  | { type: 'final'; text: string; words: z.infer<typeof ZTranscriptWord>[]; stream_id?: string }
  | { type: 'error'; message: string };
