import { defineRoute } from '../contract/define';
import { ZMessageResponse } from '../schemas/common';
import {
  ZActiveStepRequest,
  ZActiveStepResponse,
  ZBasicInfoResponse,
  ZCharactersQuery,
  ZCharactersResponse,
  ZCurrentSimQuery,
  ZCurrentSimResponse,
  ZDeletedSimsQuery,
  ZDuplicateSimRequest,
  ZDuplicateSimResponse,
  ZEmptyTrashResponse,
  ZFullDetailsQuery,
  ZFullDetailsResponse,
  ZLogErrorRequest,
  ZProductSimsQuery,
  ZProductsResponse,
  ZSimDataResponse,
  ZSimDetailsQuery,
  ZSimDetailsResponse,
  ZSimIdBody,
  ZSimListQuery,
  ZSimListResponse,
  ZSimOptionsResponse,
  ZUpdateCharactersRequest,
  ZUpdateCharactersResponse,
} from '../schemas/sims';
import { ZSimListExportQuery } from '../sim-list-export';
import { requires } from './access';

/**
 * The authoring area (issue 5): the sim list and trash, the builder's basic information, characters,
 * levels (routes/sim-levels.ts), scripts (routes/sim-scripts.ts), audio, Generate Sim and pass criteria.
 * The services check the sim on top: it must be of the caller's company (404 otherwise), and not in the
 * trash for every change.
 */
const VIEW = requires('sim_list', 'view');
const UPDATE = requires('sim_list', 'update');
const DELETE = requires('sim_list', 'delete');
const tags = ['sims'];

/** The sim list, the trash, products, the read views of a sim and the builder's steps (authoring.md section 7). */
export const simsApi = {
  /** create (no _id) needs sim_list create, update (_id) sim_list update: checked by the service */
  basicInfo: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/basicInfo',
    access: {
      anyOf: [
        { task: 'sim_list', type: 'create' },
        { task: 'sim_list', type: 'update' },
      ],
    },
    tags: ['sims'],
    summary:
      'Create a sim (no _id; sim_list create) or update it (sim_list update). Multipart with one field `data` holding the JSON (a JSON body is accepted too)',
    body: 'multipart',
    response: ZBasicInfoResponse,
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/listing',
    access: VIEW,
    tags,
    summary: "A page of the company's sims (product filter, title search, sortable; page size 10)",
    query: ZSimListQuery,
    response: ZSimListResponse,
  }),
  deleted: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/deleted-sims',
    access: VIEW,
    tags,
    summary: 'A page of the trash, last deleted first',
    query: ZDeletedSimsQuery,
    response: ZSimListResponse,
  }),
  options: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/list',
    access: VIEW,
    tags,
    summary: "The company's active sims, optionally of one product (for selects)",
    query: ZProductSimsQuery,
    response: ZSimOptionsResponse,
  }),
  simData: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/simData',
    access: VIEW,
    tags,
    summary: "The company's active sims of a product with their levels (for sim and level selects)",
    query: ZProductSimsQuery,
    response: ZSimDataResponse,
  }),
  details: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/details',
    access: VIEW,
    tags,
    summary: 'A sim with its characters (the defaults when it has none)',
    query: ZSimDetailsQuery,
    response: ZSimDetailsResponse,
  }),
  currentSim: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/current-sim',
    access: VIEW,
    tags,
    summary: 'A sim as the builder opens it: characters, levels with script counts, pass/fail criteria',
    query: ZCurrentSimQuery,
    response: ZCurrentSimResponse,
  }),
  fullDetails: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/full-details',
    access: VIEW,
    tags,
    summary: 'A sim with characters, levels and every script (audio as signed, expiring URLs)',
    query: ZFullDetailsQuery,
    response: ZFullDetailsResponse,
  }),
  characters: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/characters',
    access: VIEW,
    tags,
    summary: "A sim's characters, or the default characters when it has none or no sim_id is given",
    query: ZCharactersQuery,
    response: ZCharactersResponse,
  }),
  products: defineRoute({
    method: 'GET',
    url: '/api/v1/product',
    access: 'signedIn',
    tags,
    summary: 'The products a sim is built for',
    response: ZProductsResponse,
  }),
  exportList: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/excel/list',
    access: VIEW,
    tags,
    summary:
      'The sim list (view sims or trash, with the search, product filter and sort of the list) as .xlsx, every page',
    query: ZSimListExportQuery,
    response: 'file',
  }),
  // trash: delete, restore (the undo of a delete) and empty
  delete: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/delete',
    access: DELETE,
    tags,
    summary: 'Move a sim to the trash',
    body: ZSimIdBody,
    response: ZMessageResponse,
  }),
  recover: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/recover',
    access: DELETE,
    tags,
    summary: 'Restore a sim from the trash',
    body: ZSimIdBody,
    response: ZMessageResponse,
  }),
  emptyTrash: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/trash',
    access: DELETE,
    tags,
    summary: "Empty the trash: delete the company's trashed sims for good",
    response: ZEmptyTrashResponse,
  }),
  // the builder wizard: Select Avatars, the step kept on the sim, Duplicate Sim
  updateCharacters: defineRoute({
    method: 'PATCH',
    url: '/api/v1/sims/avatars/update-details',
    access: UPDATE,
    tags,
    summary: 'Save the four characters (name, voice, avatar and masked type of each type)',
    body: ZUpdateCharactersRequest,
    response: ZUpdateCharactersResponse,
  }),
  activeStep: defineRoute({
    method: 'PATCH',
    url: '/api/v1/sims/active-step',
    access: UPDATE,
    tags,
    summary: 'Keep the wizard step (activeStep 0 to 3) on the sim',
    body: ZActiveStepRequest,
    response: ZActiveStepResponse,
  }),
  duplicate: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/duplicate-sim',
    access: requires('sim_list', 'create'),
    tags,
    summary: 'Copy a sim with its characters, levels, scripts and criteria',
    body: ZDuplicateSimRequest,
    response: ZDuplicateSimResponse,
  }),
  // client error reports: anyone signed in (rate limited by the server route)
  logError: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/log-error',
    access: 'signedIn',
    tags,
    summary: 'Report a client-side error (server log and audit log; 30 a minute per user)',
    body: ZLogErrorRequest,
    response: ZMessageResponse,
  }),
};

/** Routes not yet described by a contract (issue 11): the two multipart routes of the authoring area. */
