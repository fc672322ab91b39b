import { defineRoute } from '../contract/define';
import {
  ZGetKeywordsResponse,
  ZLayoutFetchResponse,
  ZLayoutQuery,
  ZSaveLayoutsRequest,
  ZSaveLayoutsResponse,
  ZUploadKeywordParams,
  ZUploadKeywordResponse,
} from '../schemas/layouts';
import { requires } from './access';

const VIEW = requires('sim_list', 'view');
const UPDATE = requires('sim_list', 'update');
const tags = ['sim data input'];

/**
 * The authoring area: Data Input layouts (authoring.md sections 2, 3 and 7; the layout template is
 * GET /api/v1/sims/download-template?kind=layout, with the sim routes). The services check the sim on top:
 * of the caller's company (404 otherwise), and not in the trash for every change.
 */
export const layoutsApi = {
  upload: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/upload-keyword/:id',
    access: UPDATE,
    tags,
    summary:
      "Upload a case or account layout (.xlsx or .csv in the layout template's columns, at most 2 MB; multipart: file, sim_id, type): it replaces the sim's layout of that type",
    params: ZUploadKeywordParams,
    body: 'multipart',
    response: ZUploadKeywordResponse,
  }),
  fetch: defineRoute({
    method: 'GET',
    url: '/api/v1/layoutData/fetch',
    access: VIEW,
    tags,
    summary: "The sim's layouts (case, then account); layoutString is their JSON text, '' when there are none",
    query: ZLayoutQuery,
    response: ZLayoutFetchResponse,
  }),
  keywords: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/get-keywords',
    access: VIEW,
    tags,
    summary: "The sim's layouts as layoutData/fetch answers them, with the sheet name of the last upload",
    query: ZLayoutQuery,
    response: ZGetKeywordsResponse,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/v1/layoutData/save',
    access: UPDATE,
    tags,
    summary:
      "Save layouts edited on the Data Input screen: each replaces the sim's layout of its type (the template's rules apply)",
    body: ZSaveLayoutsRequest,
    response: ZSaveLayoutsResponse,
  }),
};
