/**
 * Data Input layouts (authoring.md section 3, "Autopopulate data / layout"): a case or account screen of
 * tabs, sections and fields that mimics a CRM case screen. Uploaded from Excel or CSV (upload-keyword).
 */
import { z } from 'zod';

export const LAYOUT_TYPES = ['case', 'account'] as const;
export type TLayoutType = (typeof LAYOUT_TYPES)[number];

export const ZLayoutField = z.object({
  field_title: z.string(),
  attribute_name: z.string(),
  /** text, textarea, picklist, select, date, number, checkbox */
  type: z.string(),
  options: z.array(z.string()),
  value: z.string(),
  is_scorable: z.boolean(),
  is_enabled: z.boolean(),
});
export type TLayoutField = z.infer<typeof ZLayoutField>;
export const ZLayoutSection = z.object({ section_name: z.string(), fields: z.array(ZLayoutField) });
export type TLayoutSection = z.infer<typeof ZLayoutSection>;
export const ZLayoutTab = z.object({ tab_name: z.string(), sections: z.array(ZLayoutSection) });
export type TLayoutTab = z.infer<typeof ZLayoutTab>;
export const ZLayout = z.object({
  type: z.enum(LAYOUT_TYPES),
  excel_sheet_name: z.string(),
  tabs: z.array(ZLayoutTab),
});
export type TLayout = z.infer<typeof ZLayout>;
