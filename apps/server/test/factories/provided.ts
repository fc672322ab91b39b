/** What global-setup.ts provides to the API tests (vitest's inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** the API suite's database */
    databaseUrl: string;
  }
}

export {};
