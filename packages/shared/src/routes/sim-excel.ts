import { defineRoute } from '../contract/define';
import { ZDownloadTemplateQuery } from '../schemas/layouts';
import { ZExportLevelQuery, ZUploadLevelsResponse } from '../schemas/sim-excel';
import { requires } from './access';

const VIEW = requires('sim_list', 'view');
const UPDATE = requires('sim_list', 'update');
const tags = ['sim levels'];

/** Levels import and export through Excel templates the server serves (DECISIONS.md section 3). */
export const simExcelApi = {
  downloadTemplate: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/download-template',
    access: VIEW,
    tags,
    summary:
      "An import template (.xlsx) with an 'Instructions' sheet: kind=levels (the default) the 'Levels' sheet's header row; kind=layout the Data Input layout's 'Layout' sheet with example rows",
    query: ZDownloadTemplateQuery,
    response: 'file',
  }),
  uploadLevels: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/upload-levels',
    access: UPDATE,
    tags,
    summary:
      'Import levels from the template (.xlsx or .csv, at most 5 MB; multipart: file, sim_id, levelCount, order): added after the existing levels, at most 5 levels (400 otherwise)',
    body: 'multipart',
    response: ZUploadLevelsResponse,
  }),
  exportLevel: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/excel/levels',
    access: VIEW,
    tags,
    summary: "A level as .xlsx in the template's columns (it can be imported again)",
    query: ZExportLevelQuery,
    response: 'file',
  }),
};
