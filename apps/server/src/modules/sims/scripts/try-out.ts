import {
  AUTHORING_MESSAGES,
  GRADE_TRANSCRIPTION_FIELDS,
  gradeLine,
  KeywordEntryError,
  recognitionHints,
  SPEECH_LIMITS,
  SPEECH_MESSAGES,
  type TGradeTranscriptionResponse,
  type TLineUploadResponse,
  ZGradeTranscriptionFields,
  ZRowId,
} from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { Invalid, NotFound } from '../../../lib/errors';
import type { FormSpec, MultipartForm, UploadedFile } from '../../../lib/multipart';
import { assertCanSim } from '../../../policies/sim';
import { recordLine } from '../../attempts/service';
import { transcribe } from '../../speech/service';
import { parseOr400 } from '../shared/request';
import * as repo from './repository';

type GradeForm = MultipartForm<(typeof GRADE_TRANSCRIPTION_FIELDS)[number], UploadedFile | null>;

/** The form of POST /grade-transcription: the recording audio_blob (optional) and the text fields. */
export const TRY_OUT_FORM = {
  file: { field: 'audio_blob', maxBytes: SPEECH_LIMITS.maxAudioBytes, tooLarge: SPEECH_MESSAGES.audioTooLarge },
  fields: GRADE_TRANSCRIPTION_FIELDS,
  notMultipart: SPEECH_MESSAGES.notMultipart,
} satisfies FormSpec;

/**
 * POST /grade-transcription serves two callers, told apart by sim_level_user_response (DECISIONS.md §6):
 * - an attempt id (a uuid): the learner's recording of an agent line, kept and graded by a job
 *   (attempts module: its policy decides, 404 / 409 / 400); answers the line id at once;
 * - 1 (or nothing, as before): Try Test, for authors only (sim_list update, 403 otherwise, checked here
 *   since the route is open to any signed-in user), graded in the answer. Any other value: 400.
 */
export async function gradeTranscription(
  deps: AppDeps,
  actor: Actor,
  form: GradeForm,
): Promise<TGradeTranscriptionResponse | TLineUploadResponse> {
  const value = form.fields.sim_level_user_response;
  if (value !== undefined && ZRowId.safeParse(value).success)
    return { success: true, ...(await recordLine(deps, actor, form.fields, form.file)) };
  assertCanSim(actor, 'update');
  return gradeTryOut(deps, actor, form);
}

/**
 * Try Test: the author's recording (audio_blob) is transcribed with the script's line and keywords as
 * hints, unless transcribed_text is sent; the transcript is graded with the shared grading module against
 * the script's keywords, tests, natural_lenguage and overalConfidence. The result is kept on the script
 * for get-missed-correct-keywords.
 */
async function gradeTryOut(deps: AppDeps, actor: Actor, form: GradeForm): Promise<TGradeTranscriptionResponse> {
  const fields = parseOr400(ZGradeTranscriptionFields, form.fields);
  const script = await repo.findScriptOfCompany(deps.db, actor.companyId, fields.script_id);
  if (!script) throw NotFound();

  let transcription: string;
  /** keyword alternatives the recogniser found beyond its 1-best text (issue 14) */
  let spotted: string[] | undefined;
  if (fields.transcribed_text?.trim()) transcription = fields.transcribed_text.trim();
  else if (form.file)
    ({ text: transcription, spotted } = await transcribe(deps, form.file.bytes, recognitionHints(script)));
  else throw Invalid(AUTHORING_MESSAGES.audioOrText, 'audio_blob');

  let result: ReturnType<typeof gradeLine>;
  try {
    result = gradeLine({
      transcript: transcription,
      keywords: script.keywords,
      tests: script.tests,
      natural_lenguage: script.naturalLenguage,
      overalConfidence: script.overalConfidence,
      spotted,
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
