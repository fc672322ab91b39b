import { seedDemoCases } from '../../src/seed/demo-cases';
import type { DbSeed, TestCompany } from './company';

/** The company's records in the case service (what Data Input loads): the dozen demo cases. Answers how many. */
export function buildCases(seed: DbSeed, company: Pick<TestCompany, 'companyId'>): Promise<number> {
  return seedDemoCases(seed.db, company.companyId);
}
