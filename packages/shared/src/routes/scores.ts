import { defineRoute } from '../contract/define';
import {
  ZScoreFilter,
  ZScoreFiltersQuery,
  ZScoreFiltersResponse,
  ZScoreInsightsQuery,
  ZScoreInsightsResponse,
  ZScoreListQuery,
  ZScoreListResponse,
} from '../schemas/scores';
import { requires } from './access';

const tags = ['scores'];

/**
 * The score tab of the dashboard (learner-and-review.md sections 2, 3 and 7; DECISIONS.md §6). Every call
 * needs all_assignments view (a trainer sees every member's results) and is refused to a learner's account
 * (403: SCORE is hidden for agents), see apps/server/src/policies/score.ts. Rows are the caller's company's
 * only; the filter's ids of another company match nothing.
 */
export const scoresApi = {
  listing: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/level/listing',
    access: requires('all_assignments', 'view'),
    tags,
    summary:
      'A page of the score table for the filter (final result or highest level, search, sort); with download=true the whole filter as Score_List.xlsx, streamed',
    query: ZScoreListQuery,
    body: ZScoreFilter,
    // a JSON page, or the workbook when download=true (the client asks for a blob then)
    response: ZScoreListResponse,
  }),
  filters: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/level/listing/filters',
    access: requires('all_assignments', 'view'),
    tags,
    summary: "The score filter panel's choices: tools, groups, members (with their groups), sims with their levels",
    query: ZScoreFiltersQuery,
    response: ZScoreFiltersResponse,
  }),
  insights: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/level/listing/insights',
    access: requires('all_assignments', 'view'),
    tags,
    summary:
      "The score chart for the filter: the members' keyword accuracy per day, its daily quartiles, the most-missed keywords",
    query: ZScoreInsightsQuery,
    body: ZScoreFilter,
    response: ZScoreInsightsResponse,
  }),
};
