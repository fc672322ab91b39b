import { defineRoute } from '../contract/define';
import { ZCaseDetailsQuery, ZCaseDetailsResponse, ZCaseIdsResponse } from '../schemas/layouts';

const tags = ['case service'];

/**
 * The case service (DECISIONS.md section 7): the customer-management service of the case screen, built into
 * the server outside /api under /case-service/api/v1. Any signed-in user (learners load case details while
 * taking a sim); every answer is scoped to the caller's company.
 */
export const casesApi = {
  ids: defineRoute({
    method: 'GET',
    url: '/case-service/api/v1/case/ids',
    access: 'signedIn',
    tags,
    summary: "The case numbers of the caller's company, lowest first",
    response: ZCaseIdsResponse,
  }),
  details: defineRoute({
    method: 'GET',
    url: '/case-service/api/v1/case-details',
    access: 'signedIn',
    tags,
    summary:
      "A case's details keyed by the layout fields' attribute names; an unknown case answers 404 'Case Details not loaded — Please try another case_number!'",
    query: ZCaseDetailsQuery,
    response: ZCaseDetailsResponse,
  }),
};
