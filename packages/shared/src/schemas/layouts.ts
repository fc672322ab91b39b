/**
 * Data Input layouts (authoring.md section 3, "Autopopulate data / layout"): a case or account screen of
 * tabs, sections and fields that mimics a CRM case screen. Uploaded from Excel or CSV (upload-keyword).
 * The case service answers the details of a case keyed by the fields' attribute names.
 */
import { z } from 'zod';
import { DATA_INPUT_LIMITS as L, DATA_INPUT_MESSAGES as M, TEMPLATE_KINDS } from '../data-input';
import { ZRowId } from './users';

export const LAYOUT_TYPES = ['case', 'account'] as const;
export type TLayoutType = (typeof LAYOUT_TYPES)[number];

const text = (max: number) => z.string().trim().max(max);

export const ZLayoutField = z.object({
  field_title: text(L.fieldTitleMax),
  attribute_name: text(L.attributeNameMax),
  /** text, textarea, picklist, select, date, number, checkbox (LAYOUT_FIELD_TYPES) */
  type: z.string().trim().toLowerCase().max(20),
  options: z.array(text(L.optionMax)).max(L.maxOptions),
  /** the default value; a checkbox holds 'true', 'false' or '' */
  value: text(L.valueMax),
  is_scorable: z.boolean(),
  is_enabled: z.boolean(),
});
export type TLayoutField = z.infer<typeof ZLayoutField>;
export const ZLayoutSection = z.object({
  section_name: text(L.sectionNameMax).min(1),
  fields: z.array(ZLayoutField).max(L.maxFields),
});
export type TLayoutSection = z.infer<typeof ZLayoutSection>;
export const ZLayoutTab = z.object({
  tab_name: text(L.tabNameMax).min(1),
  sections: z.array(ZLayoutSection).max(L.maxSectionsPerTab),
});
export type TLayoutTab = z.infer<typeof ZLayoutTab>;
export const ZLayout = z.object({
  type: z.enum(LAYOUT_TYPES, { message: M.layoutType }),
  excel_sheet_name: text(L.sheetNameMax),
  tabs: z.array(ZLayoutTab).max(L.maxTabs),
});
export type TLayout = z.infer<typeof ZLayout>;

// POST /api/v1/sims/upload-keyword/:id (multipart: sim_id, type, file 'file')
export const ZUploadKeywordParams = z.object({ id: ZRowId });
export const ZUploadKeywordFields = z.object({
  sim_id: ZRowId.optional(),
  type: z.enum(LAYOUT_TYPES, { message: M.layoutType }).default('case'),
});
export const ZUploadKeywordResponse = z.object({ success: z.literal(true), message: z.string(), layout: ZLayout });
export type TUploadKeywordResponse = z.infer<typeof ZUploadKeywordResponse>;

// GET /api/v1/layoutData/fetch?sim_id and GET /api/v1/sims/get-keywords?sim_id
export const ZLayoutQuery = z.object({ sim_id: ZRowId });
export const ZLayoutFetchResponse = z.object({
  success: z.literal(true),
  /** JSON text of `layouts`, or '' when the sim has none */
  layoutString: z.string(),
  layouts: z.array(ZLayout),
});
export type TLayoutFetchResponse = z.infer<typeof ZLayoutFetchResponse>;
export const ZGetKeywordsResponse = ZLayoutFetchResponse.extend({
  /** the sheet name of the last upload, '' when none */
  sheet_name: z.string(),
});
export type TGetKeywordsResponse = z.infer<typeof ZGetKeywordsResponse>;

// POST /api/v1/layoutData/save
export const ZSaveLayoutsRequest = z.object({ sim_id: ZRowId, layouts: z.array(ZLayout).max(LAYOUT_TYPES.length) });
export type TSaveLayoutsRequest = z.input<typeof ZSaveLayoutsRequest>;
export const ZSaveLayoutsResponse = z.object({ success: z.literal(true), layouts: z.array(ZLayout) });
export type TSaveLayoutsResponse = z.infer<typeof ZSaveLayoutsResponse>;

// GET /api/v1/sims/download-template?kind=levels|layout
export const ZDownloadTemplateQuery = z.object({
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TEMPLATE_KINDS).default('levels')),
});

// the case service: GET /case-service/api/v1/case/ids and /case-details?caseNumber
export const ZCaseIdsResponse = z.object({ success: z.literal(true), ids: z.array(z.number().int()) });
export type TCaseIdsResponse = z.infer<typeof ZCaseIdsResponse>;
export const ZCaseNumber = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: (issue) => (issue.input === undefined ? M.caseNumberRequired : M.caseNumberNumeric) })
    .min(1, M.caseNumberRequired)
    .regex(/^\d{1,10}$/, M.caseNumberNumeric)
    .transform(Number)
    .refine((n) => n <= L.caseNumberMax, M.caseNumberNumeric),
);
export const ZCaseDetailsQuery = z.object({ caseNumber: ZCaseNumber });
export const ZCaseDetailsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  caseNumber: z.number().int(),
  /** the case's values keyed by the layout fields' attribute names */
  details: z.record(z.string(), z.string()),
});
export type TCaseDetailsResponse = z.infer<typeof ZCaseDetailsResponse>;
