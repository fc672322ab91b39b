import { defineRoute } from '../contract/define';
import { ZMessageResponse } from '../schemas/common';
import {
  ZAddLevelRequest,
  ZCopyHintTextRequest,
  ZCopyHintTextResponse,
  ZDeleteLevelRequest,
  ZEditLevelParams,
  ZEditLevelRequest,
  ZGenerateSimRequest,
  ZGenerateSimResponse,
  ZKeywordScoreRequest,
  ZLevelHintTextRequest,
  ZLevelResponse,
  ZOnlyKeywordsRequest,
  ZRealTimeFeedbackRequest,
  ZRemovePassFailRequest,
  ZScreenRecordingRequest,
  ZSendToSnowflyRequest,
  ZSetCriteriaRequest,
  ZSetCriteriaResponse,
} from '../schemas/levels';
import { requires } from './access';

const UPDATE = requires('sim_list', 'update');
const tags = ['sim levels'];

/** Levels: add, rename, delete, the Settings toggles, copying hints and Generate Sim (authoring.md section 7). */
export const levelsApi = {
  add: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/add-level',
    access: UPDATE,
    tags,
    summary: 'Add a level (at most 5 per sim: 422 otherwise); order from 0, last when left out',
    body: ZAddLevelRequest,
    response: ZLevelResponse,
  }),
  rename: defineRoute({
    method: 'PATCH',
    url: '/api/v1/sims/editLevel/:id',
    access: UPDATE,
    tags,
    summary: 'Rename a level',
    params: ZEditLevelParams,
    body: ZEditLevelRequest,
    response: ZLevelResponse,
  }),
  delete: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/delete-level',
    access: UPDATE,
    tags,
    summary: "Delete a level and its scripts (and the sim's pass/fail criteria when they were on it)",
    body: ZDeleteLevelRequest,
    response: ZMessageResponse,
  }),
  keywordScore: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/levels/keyword-score',
    access: UPDATE,
    tags,
    summary: 'Keyword score of a level',
    body: ZKeywordScoreRequest,
    response: ZLevelResponse,
  }),
  onlyKeywords: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/levels/only-keywords',
    access: UPDATE,
    tags,
    summary: 'Only keywords of a level (the learner sees the keywords, not the line)',
    body: ZOnlyKeywordsRequest,
    response: ZLevelResponse,
  }),
  sendToSnowfly: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/send-to-snowfly',
    access: UPDATE,
    tags,
    summary: "Send a level's merged audio to the external voice-recording service",
    body: ZSendToSnowflyRequest,
    response: ZLevelResponse,
  }),
  screenRecording: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/toggle-screen-recording-switch',
    access: UPDATE,
    tags,
    summary: 'Screen recording of a level (levelId, screenRecording)',
    body: ZScreenRecordingRequest,
    response: ZLevelResponse,
  }),
  hintText: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/scripts/hint-text',
    access: UPDATE,
    tags,
    summary: 'Hint text of a level (the learner sees the hints of its scripts)',
    body: ZLevelHintTextRequest,
    response: ZLevelResponse,
  }),
  realTimeFeedback: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/scripts/real-time-feedback',
    access: UPDATE,
    tags,
    summary: 'Real-time feedback of a level and all its scripts, or of one script with script_id',
    body: ZRealTimeFeedbackRequest,
    response: ZLevelResponse,
  }),
  copyHintText: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/copy-hint-text',
    access: UPDATE,
    tags,
    summary: "Copy the hint texts of a level's scripts to the same lines of another level",
    body: ZCopyHintTextRequest,
    response: ZCopyHintTextResponse,
  }),
  generate: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/generate-sim',
    access: UPDATE,
    tags,
    summary:
      "Generate Sim: copy the first level's scripts into up to 4 new levels with fixed names and transforms (levelId: their settings; at most 5 levels, 422 otherwise)",
    body: ZGenerateSimRequest,
    response: ZGenerateSimResponse,
  }),
};

/** Pass/fail criteria of a sim, carried by one level (authoring.md sections 3 and 4). */
export const criteriaApi = {
  set: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/set-criteria',
    access: UPDATE,
    tags,
    summary: 'Set the pass/fail criteria on a level (thresholds in percent; NA disables one)',
    body: ZSetCriteriaRequest,
    response: ZSetCriteriaResponse,
  }),
  remove: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/remove-sim-passFail',
    access: UPDATE,
    tags,
    summary: 'Remove the pass/fail criteria from the level that carries them',
    body: ZRemovePassFailRequest,
    response: ZMessageResponse,
  }),
};
