import { defineRoute } from '../contract/define';
import { ZKeywordOverrideRequest, ZKeywordOverrideResponse } from '../schemas/evidence';
import {
  ZAddStatusRequest,
  ZAddStatusResponse,
  ZAssessorNotesParams,
  ZAssessorNotesResponse,
  ZAssignmentHistoryQuery,
  ZAssignmentHistoryResponse,
  ZAudioStatusQuery,
  ZAudioStatusResponse,
  ZRecordingParams,
  ZResultAnswer,
  ZResultQuery,
  ZResultRequest,
  ZSaveAssessorNotesRequest,
  ZSaveAssessorNotesResponse,
  ZSignedQuery,
  ZTrackRecordParams,
  ZTrackRecordResponse,
} from '../schemas/results';
import { requires } from './access';

const tags = ['results'];

/**
 * The result view and the review (learner-and-review.md sections 2, 3 and 7; DECISIONS.md section 6).
 * Results, audio status, track record and history are open to any signed-in user and the results policy
 * decides on the record: a learner reads their own, a non-learner account with all_assignments or
 * review_assignments view reads the company's; another company's ids answer 404. add-status: a learner
 * sends their own assignment for review; PASS / NO PASS need a reviewer (policies/result.ts).
 */
export const resultsApi = {
  result: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/result',
    access: 'signedIn',
    tags,
    summary:
      "A level's result for an assignment (latest completed attempt, or response_id): figures, inputs, the transcript with audio; with check_result_exist only whether it exists",
    query: ZResultQuery,
    body: ZResultRequest,
    response: ZResultAnswer,
  }),
  recording: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/result/recording/:id',
    access: 'signedUrl',
    tags,
    summary: "A learner's recording of a line (the signed URL a result hands to a viewer who may read it)",
    params: ZRecordingParams,
    query: ZSignedQuery,
    response: 'file',
  }),
  audioStatus: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/agent/audio/status',
    access: 'signedIn',
    tags,
    summary: "Whether every learner line of the assignment's completed levels is processed (polled every 6 s)",
    query: ZAudioStatusQuery,
    response: ZAudioStatusResponse,
  }),
  addStatus: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/assignment/add-status',
    access: 'signedIn',
    tags,
    summary:
      'Send an assignment for review (its learner), or mark it PASS / NO PASS (a reviewer); the learner is notified',
    body: ZAddStatusRequest,
    response: ZAddStatusResponse,
  }),
  keywordOverride: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/result/keyword-override',
    // the reviewer's permission (the Pending Review tab); the results policy decides on the record
    access: requires('review_assignments', 'view'),
    tags,
    summary:
      "A reviewer grants or overturns one keyword of a learner's line, with a reason: the line's and the attempt's figures are recomputed, the change is audited",
    body: ZKeywordOverrideRequest,
    response: ZKeywordOverrideResponse,
  }),
  trackRecord: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/assignment/track-record/:id',
    access: 'signedIn',
    tags,
    summary: 'Every review decision of an assignment, oldest first (TRACK RECORD shows them newest first)',
    params: ZTrackRecordParams,
    response: ZTrackRecordResponse,
  }),
  getAssessorNotes: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/get-assessor-notes/:id',
    access: requires('assessor_notes', 'view'),
    tags,
    summary: 'The assessor notes of a result (id: the attempt)',
    params: ZAssessorNotesParams,
    response: ZAssessorNotesResponse,
  }),
  saveAssessorNotes: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/save-assessor-notes/:id',
    access: {
      anyOf: [
        { task: 'assessor_notes', type: 'create' },
        { task: 'assessor_notes', type: 'update' },
      ],
    },
    tags,
    summary: 'Write the assessor notes of a result (create when none, update when written)',
    params: ZAssessorNotesParams,
    body: ZSaveAssessorNotesRequest,
    response: ZSaveAssessorNotesResponse,
  }),
  history: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/agent-assignment-history',
    access: 'signedIn',
    tags,
    summary: "An assignment's attempts (level, mode, status, times, figures), newest first",
    query: ZAssignmentHistoryQuery,
    response: ZAssignmentHistoryResponse,
  }),
};
