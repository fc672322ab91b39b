import {
  AUTHORING_MESSAGES,
  GRADE_TRANSCRIPTION_FIELDS,
  gradeLine,
  KeywordEntryError,
  SPEECH_LIMITS,
  SPEECH_MESSAGES,
  type TGradeTranscriptionResponse,
  ZGradeTranscriptionFields,
} from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { Invalid, NotFound } from '../../../lib/errors';
import type { FormSpec, MultipartForm, UploadedFile } from '../../../lib/multipart';
import { transcribe } from '../../speech/service';
import { parseOr400 } from '../shared/request';
import type { ScriptRow } from '../shared/shape';
import * as repo from './repository';

/** The words the recogniser may be told to expect: the keyword entries' parts (operators removed). */
function hintWords(script: ScriptRow): string[] {
  const entries = [...script.keywords, ...script.tests.flatMap((t) => t.keywords)];
  return [...new Set(entries.flatMap((e) => e.split(/[|&]/)).map((p) => p.trim()))].filter(Boolean).slice(0, 200);
}

/** The form of POST /grade-transcription: the recording audio_blob (optional) and the text fields. */
export const TRY_OUT_FORM = {
  file: { field: 'audio_blob', maxBytes: SPEECH_LIMITS.maxAudioBytes, tooLarge: SPEECH_MESSAGES.audioTooLarge },
  fields: GRADE_TRANSCRIPTION_FIELDS,
  notMultipart: SPEECH_MESSAGES.notMultipart,
} satisfies FormSpec;

/**
 * Try Test (POST /grade-transcription): the author's recording (audio_blob) is transcribed with the
 * script's line and keywords as hints, unless transcribed_text is sent; the transcript is graded with the
 * shared grading module against the script's keywords, tests, natural_lenguage and overalConfidence.
 * The result is kept on the script for get-missed-correct-keywords.
 */
export async function gradeTryOut(
  deps: AppDeps,
  actor: Actor,
  form: MultipartForm<(typeof GRADE_TRANSCRIPTION_FIELDS)[number], UploadedFile | null>,
): Promise<TGradeTranscriptionResponse> {
  const fields = parseOr400(ZGradeTranscriptionFields, form.fields);
  const script = await repo.findScriptOfCompany(deps.db, actor.companyId, fields.script_id);
  if (!script) throw NotFound();

  let transcription: string;
  if (fields.transcribed_text?.trim()) transcription = fields.transcribed_text.trim();
  else if (form.file)
    transcription = (await transcribe(deps, form.file.bytes, { expected: script.script, keywords: hintWords(script) }))
      .text;
  else throw Invalid(AUTHORING_MESSAGES.audioOrText, 'audio_blob');

  let result: ReturnType<typeof gradeLine>;
  try {
    result = gradeLine({
      transcript: transcription,
      keywords: script.keywords,
      tests: script.tests,
      natural_lenguage: script.naturalLenguage,
      overalConfidence: script.overalConfidence,
    });
  } catch (err) {
    if (err instanceof KeywordEntryError) throw Invalid(err.message, 'keywords');
    throw err;
  }
  await repo.updateScript(deps.db, script.simId, script.id, {
    lastTryOut: { ...result, transcription, graded_at: deps.now().toISOString() },
  });
  return {
    success: true,
    ...result,
    script_id: script.id,
    transcription,
    overalConfidence: script.overalConfidence,
  };
}
