import { PRODUCT_TYPE_INTERNAL_DATA } from '@sim/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { cases, simLayouts, sims, tools } from '../db/schema/index';
import { exampleLayout } from '../modules/sims/layouts/example';

type CaseValues = {
  status: string;
  priority: string;
  case_origin: string;
  contact_name: string;
  date_of_birth: string;
  contact_phone: string;
  call_type: string;
  insurance_provider: string;
  department: string;
  preferred_date: string;
  referral_on_file: 'true' | 'false';
  subject: string;
  description: string;
  internal_comments: string;
  web_email?: string;
  web_name?: string;
  web_company?: string;
  web_phone?: string;
};

/**
 * The demo company's cases for Load Case Details (DECISIONS.md section 7). Their keys are the attribute
 * names of the layout template's example rows, and each value fits its field (picklist and select values
 * are among the example options, dates are YYYY-MM-DD, checkboxes 'true' or 'false').
 */
export const DEMO_CASES: readonly { caseNumber: number; values: CaseValues }[] = [
  {
    caseNumber: 10001,
    values: {
      status: 'New',
      priority: 'Medium',
      case_origin: 'Phone',
      contact_name: 'Maria Lopez',
      date_of_birth: '1980-03-04',
      contact_phone: '(555) 201-4417',
      call_type: 'Appointment',
      insurance_provider: 'Blue Shield',
      department: 'Cardiology',
      preferred_date: '2025-06-02',
      referral_on_file: 'true',
      subject: 'New patient appointment with a cardiologist',
      description: 'Referred by her primary care doctor for palpitations. Prefers Monday mornings.',
      internal_comments: 'First visit: ask her to arrive 15 minutes early with her insurance card.',
    },
  },
  {
    caseNumber: 10002,
    values: {
      status: 'Working',
      priority: 'High',
      case_origin: 'Phone',
      contact_name: 'James Carter',
      date_of_birth: '1957-11-19',
      contact_phone: '(555) 318-2290',
      call_type: 'Physician Referral',
      insurance_provider: 'Medicare',
      department: 'Neurology',
      preferred_date: '2025-05-28',
      referral_on_file: 'false',
      subject: 'Neurology referral after a fall',
      description: 'Daughter calling for her father; the referral from the ER has not arrived yet.',
      internal_comments: 'Request the referral from County ER before booking.',
    },
  },
  {
    caseNumber: 10003,
    values: {
      status: 'New',
      priority: 'Low',
      case_origin: 'Web',
      contact_name: 'Priya Natarajan',
      date_of_birth: '1992-07-08',
      contact_phone: '(555) 744-1093',
      call_type: 'General Information',
      insurance_provider: 'Aetna',
      department: 'Dermatology',
      preferred_date: '',
      referral_on_file: 'false',
      subject: 'Question about clinic hours',
      description: 'Asks whether the dermatology clinic is open on Saturdays.',
      internal_comments: '',
      web_email: 'priya.n@example.com',
      web_name: 'Priya Natarajan',
      web_company: 'Northwind Traders',
      web_phone: '(555) 744-1093',
    },
  },
  {
    caseNumber: 10004,
    values: {
      status: 'Escalated',
      priority: 'High',
      case_origin: 'Phone',
      contact_name: 'Robert Chen',
      date_of_birth: '1974-01-30',
      contact_phone: '(555) 902-6675',
      call_type: 'Insurance',
      insurance_provider: 'Cigna',
      department: 'Orthopedics',
      preferred_date: '2025-06-10',
      referral_on_file: 'true',
      subject: 'Knee MRI denied by insurance',
      description: 'The prior authorisation for his knee MRI was denied; he wants to know the next steps.',
      internal_comments: 'Escalated to the billing team lead.',
    },
  },
  {
    caseNumber: 10005,
    values: {
      status: 'Closed',
      priority: 'Medium',
      case_origin: 'Email',
      contact_name: 'Linda Okafor',
      date_of_birth: '1988-09-12',
      contact_phone: '(555) 413-8821',
      call_type: 'My CSLink',
      insurance_provider: 'UnitedHealthcare',
      department: 'Primary Care',
      preferred_date: '',
      referral_on_file: 'false',
      subject: 'Cannot sign in to the patient portal',
      description: 'Password reset link expired twice; a new link was sent and she signed in.',
      internal_comments: 'Resolved on the call.',
    },
  },
  {
    caseNumber: 10006,
    values: {
      status: 'New',
      priority: 'Medium',
      case_origin: 'Phone',
      contact_name: 'Ethan Brooks',
      date_of_birth: '2016-04-22',
      contact_phone: '(555) 630-5512',
      call_type: 'Appointment',
      insurance_provider: 'Medicaid',
      department: 'Pediatrics',
      preferred_date: '2025-05-30',
      referral_on_file: 'false',
      subject: 'Well-child visit',
      description: 'Mother calling to book the yearly check-up and school vaccinations.',
      internal_comments: 'Guardian: Anna Brooks.',
    },
  },
  {
    caseNumber: 10007,
    values: {
      status: 'Working',
      priority: 'Medium',
      case_origin: 'Phone',
      contact_name: 'Sofia Rossi',
      date_of_birth: '1969-12-03',
      contact_phone: '(555) 287-3346',
      call_type: 'Center Referral',
      insurance_provider: 'Blue Shield',
      department: 'Cardiology',
      preferred_date: '2025-06-05',
      referral_on_file: 'true',
      subject: 'Transfer to the heart centre',
      description: 'Needs a stress test at the heart centre; the referral is on file.',
      internal_comments: 'Heart centre has openings on Thursdays.',
    },
  },
  {
    caseNumber: 10008,
    values: {
      status: 'New',
      priority: 'Low',
      case_origin: 'Web',
      contact_name: 'Daniel Kim',
      date_of_birth: '1995-02-14',
      contact_phone: '(555) 851-0072',
      call_type: 'Appointment',
      insurance_provider: 'Self-pay',
      department: 'Dermatology',
      preferred_date: '2025-06-12',
      referral_on_file: 'false',
      subject: 'Mole check, self-pay pricing',
      description: 'Wants a skin check and the self-pay price before booking.',
      internal_comments: '',
      web_email: 'dkim@example.com',
      web_name: 'Daniel Kim',
      web_company: '',
      web_phone: '(555) 851-0072',
    },
  },
  {
    caseNumber: 10009,
    values: {
      status: 'Working',
      priority: 'High',
      case_origin: 'Phone',
      contact_name: 'Grace Thompson',
      date_of_birth: '1951-06-27',
      contact_phone: '(555) 164-9930',
      call_type: 'Physician Referral',
      insurance_provider: 'Medicare',
      department: 'Orthopedics',
      preferred_date: '2025-05-29',
      referral_on_file: 'true',
      subject: 'Hip pain, referral from Dr. Patel',
      description: 'Severe hip pain for two weeks; uses a walker. Needs a ground-floor room.',
      internal_comments: 'Book the accessible room.',
    },
  },
  {
    caseNumber: 10010,
    values: {
      status: 'Closed',
      priority: 'Low',
      case_origin: 'Email',
      contact_name: 'Omar Haddad',
      date_of_birth: '1983-10-05',
      contact_phone: '(555) 579-2214',
      call_type: 'Insurance',
      insurance_provider: 'Aetna',
      department: 'Primary Care',
      preferred_date: '',
      referral_on_file: 'false',
      subject: 'Update insurance details',
      description: 'Changed employer; new Aetna member ID added to his record.',
      internal_comments: 'Verified the member ID with Aetna.',
    },
  },
  {
    caseNumber: 10011,
    values: {
      status: 'New',
      priority: 'Medium',
      case_origin: 'Phone',
      contact_name: 'Hannah Weber',
      date_of_birth: '1990-08-16',
      contact_phone: '(555) 722-4068',
      call_type: 'General Information',
      insurance_provider: 'UnitedHealthcare',
      department: 'Neurology',
      preferred_date: '',
      referral_on_file: 'false',
      subject: 'Does neurology need a referral?',
      description: 'Asks whether her plan needs a referral to see a neurologist for migraines.',
      internal_comments: '',
    },
  },
  {
    caseNumber: 10012,
    values: {
      status: 'Escalated',
      priority: 'High',
      case_origin: 'Web',
      contact_name: 'Carlos Mendez',
      date_of_birth: '1978-05-09',
      contact_phone: '(555) 390-6157',
      call_type: 'Appointment',
      insurance_provider: 'Cigna',
      department: 'Cardiology',
      preferred_date: '2025-05-27',
      referral_on_file: 'true',
      subject: 'Urgent follow-up after a hospital stay',
      description: 'Discharged yesterday after chest pain; the discharge note asks for a follow-up within a week.',
      internal_comments: 'Offer the first opening; notify the nurse line.',
      web_email: 'carlos.mendez@example.com',
      web_name: 'Carlos Mendez',
      web_company: 'Mendez Landscaping',
      web_phone: '(555) 390-6157',
    },
  },
];

/** Every attribute of the case, the case number included; attributes a case leaves out are ''. */
export function demoCaseDetails(c: (typeof DEMO_CASES)[number]): Record<string, string> {
  return {
    case_number: String(c.caseNumber),
    web_email: '',
    web_name: '',
    web_company: '',
    web_phone: '',
    ...c.values,
  };
}

/** Seeds the demo cases of a company; a case number it already has is left as it is. Answers how many were added. */
export async function seedDemoCases(db: DbOrTx, companyId: string): Promise<number> {
  const rows = await db
    .insert(cases)
    .values(DEMO_CASES.map((c) => ({ companyId, caseNumber: c.caseNumber, details: demoCaseDetails(c) })))
    .onConflictDoNothing({ target: [cases.companyId, cases.caseNumber] })
    .returning({ id: cases.id });
  return rows.length;
}

/**
 * Gives a demo sim the template's example case layout (the one the demo cases fill), only when the sim's
 * product is an Internal Data product and the sim has no case layout yet. Answers whether it added one.
 */
export async function seedDemoCaseLayout(db: DbOrTx, simId: string): Promise<boolean> {
  const [sim] = await db
    .select({ productType: tools.type })
    .from(sims)
    .innerJoin(tools, eq(tools.id, sims.productId))
    .where(eq(sims.id, simId));
  if (!sim?.productType.includes(PRODUCT_TYPE_INTERNAL_DATA)) return false;
  const layout = exampleLayout('case');
  const added = await db
    .insert(simLayouts)
    .values({ simId, type: layout.type, excelSheetName: layout.excel_sheet_name, tabs: layout.tabs })
    .onConflictDoNothing({ target: [simLayouts.simId, simLayouts.type] })
    .returning({ id: simLayouts.id });
  if (added.length > 0) await db.update(sims).set({ sheetName: layout.excel_sheet_name }).where(eq(sims.id, simId));
  return added.length > 0;
}
