import { readFile, writeFile } from 'node:fs/promises';
import type { SetName } from './corpus-types';

/**
 * The robustness section of bench/results/speech.md lives between two markers, so that the rest of the
 * file (written by bench/speech/run.ts) is never touched. Inside it:
 * - the "before" tables, copied on every run from bench/speech/robustness/before.md, which is kept by hand
 *   (or by a run with --as-before); it lives in this folder because speech/run.ts rewrites speech.md whole,
 *   and whatever was kept only there would be lost;
 * - one "latest run" part per set (dev, held-out), each replaced by the run of its set only, so a held-out
 *   run leaves the dev tables in place;
 * - after those, the parts of other kinds of run, per set that has had one: pocketsphinx alone
 *   (--engine pocketsphinx, the engine before the neural recogniser), adapted to each speaker (--adapt),
 *   adapted in each condition (--adapt --enrol same); each replaced only by a run of its kind and set.
 */
export const BLOCK = { start: '<!-- robustness:start -->', end: '<!-- robustness:end -->' };
const BEFORE = { start: '<!-- robustness:before:start -->', end: '<!-- robustness:before:end -->' };
const latest = (set: SetName) => ({
  start: `<!-- robustness:latest:${set}:start -->`,
  end: `<!-- robustness:latest:${set}:end -->`,
});
/** The parts kept after the latest runs, in this order (each rewritten only by a run of its kind and set). */
export type ExtraPart = 'pocketsphinx' | 'adapted' | 'adapted-same';
const EXTRA_PARTS: ExtraPart[] = ['pocketsphinx', 'adapted', 'adapted-same'];
const extraPart = (set: SetName, name: ExtraPart) => ({
  start: `<!-- robustness:${name}:${set}:start -->`,
  end: `<!-- robustness:${name}:${set}:end -->`,
});
const beforeOf = (set: SetName) => ({ start: `<!-- before:${set}:start -->`, end: `<!-- before:${set}:end -->` });
export const SET_TITLES: Record<SetName, string> = { dev: 'Dev set', heldout: 'Held-out set' };
const SETS: SetName[] = ['dev', 'heldout'];

interface Markers {
  start: string;
  end: string;
}

/** The text between the markers (trimmed), or undefined when they are not both there in order. */
export function between(text: string, m: Markers): string | undefined {
  const from = text.indexOf(m.start);
  const to = text.indexOf(m.end, from + m.start.length);
  if (from < 0 || to < 0) return undefined;
  return text.slice(from + m.start.length, to).trim();
}

/** The text with the part between the markers replaced (markers kept); appended at the end when missing. */
export function replaceBetween(text: string, m: Markers, content: string): string {
  const part = `${m.start}\n${content.trim()}\n${m.end}`;
  const from = text.indexOf(m.start);
  const to = text.indexOf(m.end, from + m.start.length);
  if (from < 0 || to < 0) return `${text.trimEnd()}${text.trim() ? '\n\n' : ''}${part}\n`;
  return text.slice(0, from) + part + text.slice(to + m.end.length);
}

/** Writes this run's tables into the "before" file, under its set. */
export async function saveAsBefore(beforeFile: string, set: SetName, tables: string, heading: string) {
  const text = await readFile(beforeFile, 'utf8').catch(() => `${heading}\n`);
  await writeFile(beforeFile, replaceBetween(text, beforeOf(set), `#### ${SET_TITLES[set]}\n\n${tables}`));
}

/** Puts this run's tables into the robustness block of `outFile`, keeping the rest of the file as it is. */
export async function writeBlock(options: {
  outFile: string;
  beforeFile: string;
  set: SetName;
  tables: string;
  method: string;
  /** the tables are of a run of another kind (pocketsphinx alone, adapted to each speaker...): they go to the
   * set's part of that kind, after the latest runs */
  part?: ExtraPart;
  /** the title of the part (default: "Latest run: <set>") */
  title?: string;
}): Promise<void> {
  const file = await readFile(options.outFile, 'utf8').catch(() => '');
  const old = between(file, BLOCK) ?? '';
  const before = await readFile(options.beforeFile, 'utf8').catch(() => '_No "before" tables kept yet._');
  let block = `## Robustness: accents, noise, telephone band, digital silence (issue 14)\n\n${options.method.trim()}\n\n`;
  block = replaceBetween(block, BEFORE, before);
  const fresh = (set: SetName) => `### ${options.title ?? `Latest run: ${SET_TITLES[set]}`}\n\n${options.tables}`;
  for (const set of SETS) {
    const content =
      set === options.set && !options.part
        ? fresh(set)
        : (between(old, latest(set)) ?? `### Latest run: ${SET_TITLES[set]}\n\n_Not run since the block was made._`);
    block = replaceBetween(block, latest(set), content);
  }
  // the adapted parts come after every unadapted one, only for the sets that have had an adapted run
  for (const name of EXTRA_PARTS) {
    for (const set of SETS) {
      const part = extraPart(set, name);
      const content = set === options.set && options.part === name ? fresh(set) : between(old, part);
      if (content !== undefined) block = replaceBetween(block, part, content);
    }
  }
  await writeFile(options.outFile, replaceBetween(file, BLOCK, block));
}
