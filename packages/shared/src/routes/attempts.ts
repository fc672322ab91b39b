import { defineRoute } from '../contract/define';
import {
  ZContinueRequest,
  ZContinueResponse,
  ZFinalScoreRequest,
  ZFinalScoreResponse,
  ZInputDetailsQuery,
  ZInputDetailsRequest,
  ZLearnerSimQuery,
  ZLearnerSimResponse,
  ZLevelStatsQuery,
  ZLevelStatsResponse,
  ZLineIdRequest,
  ZLineIdResponse,
  ZRetryLineRequest,
  ZSaveStatsRequest,
  ZStartAttemptRequest,
  ZStartAttemptResponse,
  ZTakeSimQuery,
  ZTakeSimResponse,
} from '../schemas/attempts';
import { ZMessageResponse, ZOk } from '../schemas/common';

const tags = ['attempts'];

/**
 * Taking a level (learner-and-review.md sections 2, 4 and 7; DECISIONS.md §6). Every route is open to a
 * signed-in user; the attempts policy decides on the record: an assignment or attempt is the caller's
 * own (writes), or the caller may view others' assignments (reads); another company's ids answer 404.
 * The recording upload and its result are the extended grade-transcription and get-missed-correct-keywords
 * routes of routes/sim-scripts.ts.
 */
export const attemptsApi = {
  learnerSim: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/learner-sim',
    access: 'signedIn',
    tags,
    summary: 'The sim of an assignment as its learner sees it: details, characters and levels',
    query: ZLearnerSimQuery,
    response: ZLearnerSimResponse,
  }),
  levelStats: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/stats',
    access: 'signedIn',
    tags,
    summary: "The level cards of an assignment's sim: attempts, completions, the last result, a resumable attempt",
    query: ZLevelStatsQuery,
    response: ZLevelStatsResponse,
  }),
  continue: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/continue',
    access: 'signedIn',
    tags,
    summary: 'Whether the level has an unfinished attempt to resume, and at which clip',
    body: ZContinueRequest,
    response: ZContinueResponse,
  }),
  takeSim: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/take-sim/details',
    access: 'signedIn',
    tags,
    summary: 'A level as the take-sim screen plays it: steps with audio (signed URLs), the sim, the case layouts',
    query: ZTakeSimQuery,
    response: ZTakeSimResponse,
  }),
  start: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/save-take-sim-details',
    access: 'signedIn',
    tags,
    summary: "Start an attempt of a level of the caller's assignment (the assignment goes IN PROGRESS)",
    body: ZStartAttemptRequest,
    response: ZStartAttemptResponse,
  }),
  saveStats: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/stats',
    access: 'signedIn',
    tags,
    summary: 'Keep the mode, status and active step of an attempt (RESUME returns there)',
    body: ZSaveStatsRequest,
    response: ZOk,
  }),
  lineId: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/user-script-id',
    access: 'signedIn',
    tags,
    summary: "The id of the learner's take of an agent line in an attempt (made on first call)",
    body: ZLineIdRequest,
    response: ZLineIdResponse,
  }),
  retryLine: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/retry-line',
    access: 'signedIn',
    tags,
    summary: "Retry: clear a line's recording and result so it is recorded again",
    body: ZRetryLineRequest,
    response: ZMessageResponse,
  }),
  finalScore: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/final-score',
    access: 'signedIn',
    tags,
    summary: 'Close an attempt (All Done, or Restart/Exit with exit_or_restart) and answer its figures',
    body: ZFinalScoreRequest,
    response: ZFinalScoreResponse,
  }),
  saveInputs: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/save-take-sim-input-details',
    access: 'signedIn',
    tags,
    summary: 'Save the case-panel values of an attempt (typing and data-selection accuracy)',
    query: ZInputDetailsQuery,
    body: ZInputDetailsRequest,
    response: ZMessageResponse,
  }),
};
