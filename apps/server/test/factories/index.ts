/**
 * The test factories: build what a test needs straight in the database (companies with staff and ready
 * tokens, roles, groups, sims, levels, scripts, cases), call the API as one of its users, and check failures.
 * `testApp()` and `staffedCompany()` register the hooks of a describe block. End-to-end tests seed their data
 * through the same builders (e2e/tests/seed.ts); those files import no vitest (company, caller, sims, cases,
 * users, values). Assignments and attempts get their builders here too.
 */
export * from './app';
export * from './assignments';
export * from './attempts';
export * from './caller';
export * from './cases';
export * from './company';
export * from './concurrency';
export * from './expect';
export * from './hooks';
export * from './results';
export * from './scores';
export * from './scratch-database';
export * from './sim-calls';
export * from './sims';
export * from './speech-socket';
export * from './take-audio';
export * from './users';
export * from './values';
export * from './voice-service';
