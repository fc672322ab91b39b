import { defineRoute } from '../contract/define';
import { ZMessageResponse } from '../schemas/common';
import {
  ZDeleteScriptRequest,
  ZGenerateVoiceRequest,
  ZGenerateVoiceResponse,
  ZGradeTranscriptionResponse,
  ZMissedCorrectQuery,
  ZMissedCorrectResponse,
  ZSaveKeywordsRequest,
  ZSaveKeywordsResponse,
  ZSaveScriptRequest,
  ZSaveScriptResponse,
} from '../schemas/scripts';
import { requires } from './access';

const tags = ['sim scripts'];

/** Scripts: save, keywords, delete, audio generation and the author's Try Test result (authoring.md section 7). */
export const scriptsApi = {
  gradeTranscription: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/grade-transcription',
    access: requires('sim_list', 'update'),
    tags,
    summary:
      'Try Test: multipart sim_level_user_response=1, script_id, audio_blob (or transcribed_text); transcribes and grades the line',
    body: 'multipart',
    response: ZGradeTranscriptionResponse,
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
    access: requires('sim_list', 'view'),
    tags,
    summary: "The correct and missed keywords of a script's last Try Test",
    query: ZMissedCorrectQuery,
    response: ZMissedCorrectResponse,
  }),
};
