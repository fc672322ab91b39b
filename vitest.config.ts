import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The tests that run the real speech engines (flite and festival, pocketsphinx, ffmpeg on speech): project
 * `speech`, so that `unit` needs no OS package. New ones are named `*.speech.test.ts` (beside the engine) or
 * live in `apps/server/test/speech/` (through the API, on the database).
 */
const SPEECH_UNIT = [
  'apps/server/src/**/*.speech.test.ts',
  'apps/server/src/modules/speech/engines/tts/tts-local.unit.test.ts',
  'apps/server/src/modules/speech/engines/recognizer.unit.test.ts',
  'apps/server/src/modules/speech/engines/pocketsphinx/stt-dict.unit.test.ts',
];
const SPEECH_API = ['apps/server/test/speech/**/*.test.ts'];
const API_DATABASE = {
  environment: 'node',
  globalSetup: ['apps/server/test/global-setup.ts'],
  // budgets against a hang, not speed checks: a CI machine at load 6 or more runs these several times slower
  testTimeout: 90_000,
  hookTimeout: 120_000,
} as const;

export default defineConfig({
  test: {
    // every core (vitest's default leaves one free: one worker on a 2-core machine); the API files share one
    // database safely, each builds its own companies
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/test/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
          exclude: ['**/node_modules/**', ...SPEECH_UNIT],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
      {
        test: {
          name: 'system',
          include: ['apps/server/src/**/*.system.test.ts'],
          environment: 'node',
          testTimeout: 120000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...SPEECH_API],
          ...API_DATABASE,
        },
      },
      {
        // the engines' own tests and the API tests that speak and listen (on the API suite's database)
        test: {
          name: 'speech',
          include: [...SPEECH_UNIT, ...SPEECH_API],
          ...API_DATABASE,
        },
      },
    ],
  },
});
