/**
 * The soak's settings, from flags (`--minutes 1`) or the environment (`SOAK_MINUTES=1`); flags win.
 * Defaults are issue 18's: 200 learners and 10 reviewers for 10 minutes, after a ramp of 10 … 200 learners.
 */
export interface SoakOptions {
  /** learners of the soak (and the most the ramp reaches) */
  learners: number;
  reviewers: number;
  minutes: number;
  /** learners at each step of the ramp; [] skips the ramp */
  steps: number[];
  stepSeconds: number;
  /** every think time is multiplied by this (1: the realistic times of think.ts) */
  thinkScale: number;
  /** p95 of a page above this (ms) marks the step where the machine no longer holds the learners */
  pageLimitMs: number;
  /** where the report is written ('' prints only) */
  out: string;
}

const DEFAULT_STEPS = [10, 25, 50, 100, 150, 200];

function flag(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`);
  if (at >= 0) return argv[at + 1];
  const eq = argv.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}

function setting(argv: string[], name: string): string | undefined {
  return flag(argv, name) ?? process.env[`SOAK_${name.toUpperCase().replace(/-/g, '_')}`];
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number ≥ 0, not ${value}`);
  return n;
}

export function readOptions(argv: string[] = process.argv.slice(2), defaultOut = ''): SoakOptions {
  const learners = Math.round(positive(setting(argv, 'learners'), 200, 'learners'));
  const stepsText = setting(argv, 'steps');
  const steps = (
    stepsText === undefined
      ? DEFAULT_STEPS
      : stepsText
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number)
  ).filter((n) => Number.isInteger(n) && n > 0 && n <= learners);
  if (stepsText === undefined && !steps.includes(learners) && learners > 0) steps.push(learners);
  return {
    learners,
    reviewers: Math.round(positive(setting(argv, 'reviewers'), 10, 'reviewers')),
    minutes: positive(setting(argv, 'minutes'), 10, 'minutes'),
    steps: [...new Set(steps)].sort((a, b) => a - b),
    stepSeconds: positive(setting(argv, 'step-seconds'), 90, 'step-seconds'),
    thinkScale: positive(setting(argv, 'think-scale'), 1, 'think-scale'),
    pageLimitMs: positive(setting(argv, 'page-limit-ms'), 1000, 'page-limit-ms'),
    out: setting(argv, 'out') ?? defaultOut,
  };
}

export const USAGE = `npm run bench:soak [-- --learners 200 --reviewers 10 --minutes 10 --steps 10,25,50,100,150,200
                       --step-seconds 90 --think-scale 1 --page-limit-ms 1000 --out bench/results/soak.md]
(each also as SOAK_LEARNERS, SOAK_MINUTES, SOAK_STEPS=… ; --steps '' skips the ramp; --out '' writes nothing)`;
