import { CALL_TYPES, LAYOUT_TEMPLATE, type TLayout, type TLayoutType } from '@sim/shared';
import { layoutFromSheet } from './parse';

/** One row of the Layout sheet, in the template's column order. */
export type LayoutSheetRow = [
  tab: string,
  section: string,
  fieldTitle: string,
  attributeName: string,
  type: string,
  options: string,
  defaultValue: string,
  scorable: string,
  enabled: string,
];

const list = (...options: string[]) => options.join(`${LAYOUT_TEMPLATE.optionSeparator} `);

export const EXAMPLE_OPTIONS = {
  status: ['New', 'Working', 'Escalated', 'Closed'],
  priority: ['Low', 'Medium', 'High'],
  caseOrigin: ['Phone', 'Email', 'Web'],
  insurance: ['Blue Shield', 'Aetna', 'Cigna', 'UnitedHealthcare', 'Medicare', 'Medicaid', 'Self-pay'],
  department: ['Cardiology', 'Dermatology', 'Orthopedics', 'Pediatrics', 'Primary Care', 'Neurology'],
} as const;

/**
 * The example rows of the layout template: a CRM case screen with the spec's section names (Case
 * Information, Additional Information, Description Information, Web Information). The demo cases hold
 * values for these attribute names, so Load Case Details fills this layout.
 */
export const EXAMPLE_LAYOUT_ROWS: readonly LayoutSheetRow[] = [
  ['Case Details', 'Case Information', 'Case Number', 'case_number', 'number', '', '', 'No', 'No'],
  [
    'Case Details',
    'Case Information',
    'Status',
    'status',
    'picklist',
    list(...EXAMPLE_OPTIONS.status),
    'New',
    'Yes',
    'Yes',
  ],
  [
    'Case Details',
    'Case Information',
    'Priority',
    'priority',
    'picklist',
    list(...EXAMPLE_OPTIONS.priority),
    'Medium',
    'Yes',
    'Yes',
  ],
  [
    'Case Details',
    'Case Information',
    'Case Origin',
    'case_origin',
    'picklist',
    list(...EXAMPLE_OPTIONS.caseOrigin),
    'Phone',
    'No',
    'Yes',
  ],
  ['Case Details', 'Case Information', 'Contact Name', 'contact_name', 'text', '', '', 'Yes', 'Yes'],
  ['Case Details', 'Case Information', 'Date of Birth', 'date_of_birth', 'date', '', '', 'Yes', 'Yes'],
  ['Case Details', 'Case Information', 'Contact Phone', 'contact_phone', 'text', '', '', 'Yes', 'Yes'],
  ['Case Details', 'Additional Information', 'Call Type', 'call_type', 'select', list(...CALL_TYPES), '', 'Yes', 'Yes'],
  [
    'Case Details',
    'Additional Information',
    'Insurance Provider',
    'insurance_provider',
    'select',
    list(...EXAMPLE_OPTIONS.insurance),
    '',
    'Yes',
    'Yes',
  ],
  [
    'Case Details',
    'Additional Information',
    'Department',
    'department',
    'select',
    list(...EXAMPLE_OPTIONS.department),
    '',
    'Yes',
    'Yes',
  ],
  ['Case Details', 'Additional Information', 'Preferred Date', 'preferred_date', 'date', '', '', 'Yes', 'Yes'],
  [
    'Case Details',
    'Additional Information',
    'Referral on File',
    'referral_on_file',
    'checkbox',
    '',
    'No',
    'Yes',
    'Yes',
  ],
  ['Case Details', 'Description Information', 'Subject', 'subject', 'text', '', '', 'Yes', 'Yes'],
  ['Case Details', 'Description Information', 'Description', 'description', 'textarea', '', '', 'No', 'Yes'],
  [
    'Case Details',
    'Description Information',
    'Internal Comments',
    'internal_comments',
    'textarea',
    '',
    '',
    'No',
    'Yes',
  ],
  ['Web', 'Web Information', 'Web Email', 'web_email', 'text', '', '', 'Yes', 'Yes'],
  ['Web', 'Web Information', 'Web Name', 'web_name', 'text', '', '', 'No', 'Yes'],
  ['Web', 'Web Information', 'Web Company', 'web_company', 'text', '', '', 'No', 'Yes'],
  ['Web', 'Web Information', 'Web Phone', 'web_phone', 'text', '', '', 'No', 'Yes'],
];

/** The attribute names of the example layout (the keys of the demo cases' details). */
export const EXAMPLE_ATTRIBUTES = EXAMPLE_LAYOUT_ROWS.map((r) => r[3]);

/** The layout the template's example rows make (the demo seed stores it as a demo sim's case layout). */
export function exampleLayout(type: TLayoutType): TLayout {
  const rows = [[...LAYOUT_TEMPLATE.columns], ...EXAMPLE_LAYOUT_ROWS].map((cells, i) => ({ row: i + 1, cells }));
  return layoutFromSheet(type, { sheetName: LAYOUT_TEMPLATE.sheet, rows });
}
