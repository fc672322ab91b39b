import { defineRoute } from '../contract/define';
import { ZGradeTranscriptionAnswer, ZMissedCorrectAnswer } from '../schemas/attempts';
import { ZMessageResponse } from '../schemas/common';
import {
  ZDeleteScriptRequest,
  ZGenerateVoiceRequest,
  ZGenerateVoiceResponse,
  ZMissedCorrectQuery,
  ZSaveKeywordsRequest,
  ZSaveKeywordsResponse,
  ZSaveScriptRequest,
  ZSaveScriptResponse,
} from '../schemas/scripts';
import { requires } from './access';

const tags = ['sim scripts'];

/**
 * Scripts: save, keywords, delete, audio generation and the author's Try Test result (authoring.md section 7).
 * grade-transcription and get-missed-correct-keywords also serve the learner (DECISIONS.md section 6): they are
 * open to any signed-in user and the service decides by the value sent — Try Test needs sim_list update (grade)
 * or view (result), checked in the service; an attempt or line id is checked by the attempts policy.
 */
export const scriptsApi = {
  gradeTranscription: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/grade-transcription',
    access: 'signedIn',
    tags,
    summary:
      "Multipart sim_level_user_response, script_id, audio_blob, transcribed_text. 1: Try Test (sim_list update), transcribes and grades the line in the answer. An attempt id: the learner's recording of an agent line, kept as MP3 and graded by a job; answers the line id at once",
    body: 'multipart',
    response: ZGradeTranscriptionAnswer,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/scripts',
    access: requires('sim_list', 'update'),
    tags,
    summary:
      'Create a script (no _id) or update it; is_level creates its level when sim_level_id is missing. At most 200 scripts per level (422)',
    body: ZSaveScriptRequest,
    response: ZSaveScriptResponse,
  }),
  keywords: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/keywords',
    access: requires('sim_list', 'update'),
    tags,
    summary: "Save a script's keywords (split on commas, unique, one operator & or | per keyword)",
    body: ZSaveKeywordsRequest,
    response: ZSaveKeywordsResponse,
  }),
  delete: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/delete-script',
    access: requires('sim_list', 'update'),
    tags,
    summary: "Delete a script; the level's scripts are numbered from 1 again",
    body: ZDeleteScriptRequest,
    response: ZMessageResponse,
  }),
  generateVoice: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/generate-voice',
    access: requires('sim_list', 'update'),
    tags,
    summary: "Generate a script's audio (MP3) in a voice; answers a signed, expiring audio_url",
    body: ZGenerateVoiceRequest,
    response: ZGenerateVoiceResponse,
  }),
  missedCorrect: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/get-missed-correct-keywords',
    access: 'signedIn',
    tags,
    summary:
      "id of a learner's line (an attempt the caller may read): its grade, status Pending until graded. id of a script: its last Try Test (sim_list view)",
    query: ZMissedCorrectQuery,
    response: ZMissedCorrectAnswer,
  }),
};
