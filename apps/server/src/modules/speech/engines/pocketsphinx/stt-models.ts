import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runChecked } from '../../../../lib/process';
import { type CompetitorWindow, lineCompetitors, soundAlikes } from '../fusion/stt-confusables';
import { spokenForm } from '../stt-text';
import type { RecognitionHints } from '../types';
import { accentVariants } from './stt-accents';
import { guessPronunciation, loadDictionary, type Pronunciations } from './stt-dict';
import { type BiasSettings, buildArpa, type CommonWord, SENTENCE_END, SENTENCE_START } from './stt-lm';
import { PROFANITY } from './stt-profanity';
import { type KeywordPhrase, keywordPhrases, searchedSequences } from './stt-spot';

/** The pocketsphinx model files of the OS package pocketsphinx-en-us. */
export interface SphinxModel {
  /** acoustic model directory */
  hmm: string;
  /** the general language model */
  lm: string;
  /** the pronouncing dictionary */
  dict: string;
}

export const DEFAULT_MODEL: SphinxModel = {
  hmm: '/usr/share/pocketsphinx/model/en-us/en-us',
  lm: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
  dict: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
};

export interface LanguageModelFiles {
  lm: string;
  dict: string;
  /** the words the speaker is expected to say (their profanity is not filtered) */
  expectedWords: Set<string>;
  /** the keywords' confusable alternatives the model weighs as the keywords (stt-confusables.ts) */
  competitors?: CompetitorWindow[];
}

/** A biased model with the keyword phrases to search for in its decodes. */
export interface BiasedModel extends LanguageModelFiles {
  /** the keyword alternatives in the recogniser's words (all of them pronounceable) */
  phrases: KeywordPhrase[];
  /** the file listing `phrases` for psdecode --phrases (undefined when there are none) */
  phraseFile?: string;
}

/** Bumped when the files written here change meaning, so that old cached models are not reused. */
const FORMAT = 5;
/** How many biased models the cache keeps (the least recently used go first). */
const MAX_CACHED_MODELS = 500;
const WORD = /^[a-z][a-z']*$/;

/** Builds and caches the biased language models (by a hash of their inputs) and their dictionaries. */
export class ModelStore {
  private common?: Promise<CommonWord[]>;
  private readonly building = new Map<string, Promise<LanguageModelFiles>>();
  /** a word → its sound-alikes in the dictionary (stt-confusables.ts) */
  private readonly alikes = new Map<string, string[]>();
  private commonRank?: Map<string, number>;
  private builtSincePrune = 0;

  constructor(
    private readonly model: SphinxModel,
    private readonly cacheDir: string,
    private readonly psdecode: string,
    private readonly bias: BiasSettings,
    private readonly t2p = 't2p',
    /** give the expected words their accent variants */
    private readonly accents = true,
  ) {}

  dictionary(): Promise<Pronunciations> {
    return loadDictionary(this.model.dict);
  }

  /** The general model's words by decreasing frequency (dumped once with psdecode and cached on disk). */
  commonWords(): Promise<CommonWord[]> {
    if (!this.common) {
      this.common = this.loadCommonWords();
      this.common.catch(() => {
        this.common = undefined;
      });
    }
    return this.common;
  }

  /**
   * The biased model of the hints, or undefined when they hold no usable word (use the general model);
   * `bare`: the keyword phrases are also searched for outside their place in the line (stt-spot.ts).
   */
  async biased(hints: RecognitionHints, bare = false): Promise<BiasedModel | undefined> {
    const files = await this.languageModel(hints);
    if (!files) return undefined;
    const line = hints.expected?.trim() ? spokenForm(hints.expected).words : [];
    const phrases = keywordPhrases(hints.keywords ?? [], (w) => files.expectedWords.has(w), line);
    const sequences = searchedSequences(phrases, bare);
    if (sequences.length === 0) return { ...files, phrases };
    return { ...files, phrases, phraseFile: await this.textFile(`${sequences.join('\n')}\n`) };
  }

  /** A speaker's MLLR transform as a file of the cache, for the decoder's -mllr. */
  speakerFile(mllr: string): Promise<string> {
    return this.textFile(mllr, 'mllr');
  }

  /** A small file of the cache named by its content. */
  private async textFile(text: string, extension = 'phrases'): Promise<string> {
    const name = `${createHash('sha256').update(text).digest('hex').slice(0, 32)}.${extension}`;
    const file = path.join(this.cacheDir, 'models', name);
    const now = new Date();
    await utimes(file, now, now).catch(async () => {
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file, text);
    });
    return file;
  }

  /** The biased language model and dictionary of the hints (no keyword phrases), or undefined when they hold no usable word. */
  async languageModel(hints: RecognitionHints): Promise<LanguageModelFiles | undefined> {
    const dict = await this.dictionary();
    const sequences = await this.sequences(hints, dict);
    const expectedWords = new Set(sequences.flat().filter((w) => w !== SENTENCE_START && w !== SENTENCE_END));
    if (expectedWords.size === 0) return undefined;
    const competitors = await this.competitors(hints, dict);
    const key = createHash('sha256')
      .update(
        JSON.stringify({ FORMAT, bias: this.bias, model: this.model, accents: this.accents, sequences, competitors }),
      )
      .digest('hex')
      .slice(0, 32);
    let job = this.building.get(key);
    if (!job) {
      job = this.build(key, sequences, expectedWords, dict, competitors).finally(() => this.building.delete(key));
      this.building.set(key, job);
    }
    return job;
  }

  private async build(
    key: string,
    sequences: string[][],
    expectedWords: Set<string>,
    dict: Pronunciations,
    competitors: CompetitorWindow[],
  ): Promise<LanguageModelFiles> {
    const dir = path.join(this.cacheDir, 'models');
    const files = { lm: path.join(dir, `${key}.lm`), dict: path.join(dir, `${key}.dict`), expectedWords, competitors };
    const now = new Date();
    try {
      await utimes(files.lm, now, now);
      await utimes(files.dict, now, now);
      return files;
    } catch {
      // not cached yet
    }
    const common = (await this.commonWords()).slice(0, this.bias.commonWords);
    const arpa = buildArpa(common, sequences, this.bias, competitors);
    const lines: string[] = [];
    // the keywords' confusable alternatives are pronounced as generously as the words they compete with
    const favoured = new Set([...expectedWords, ...competitors.map((c) => c.words[c.at])]);
    const vocabulary = new Set([...common.map((c) => c.word), ...favoured]);
    for (const word of vocabulary) {
      const prons = [...(dict.get(word) ?? [])];
      // the expected words also get flite's pronunciation when it differs ("callback": K AE L, not K AO L)
      if (favoured.has(word) || prons.length === 0) {
        const guess = await guessPronunciation(word, this.t2p);
        if (guess && !prons.includes(guess)) prons.push(guess);
      }
      // and their pronunciations in other English accents (stt-accents.ts)
      if (this.accents && favoured.has(word) && prons.length) {
        for (const variant of accentVariants(prons[0])) if (!prons.includes(variant)) prons.push(variant);
      }
      prons.forEach((phones, i) => {
        lines.push(`${i === 0 ? word : `${word}(${i + 1})`} ${phones}`);
      });
    }
    await mkdir(dir, { recursive: true });
    await writeAtomically(files.dict, `${lines.join('\n')}\n`);
    await writeAtomically(files.lm, arpa);
    this.builtSincePrune += 1;
    if (this.builtSincePrune >= 50) {
      this.builtSincePrune = 0;
      await pruneOldest(dir, MAX_CACHED_MODELS * 2).catch(() => undefined);
    }
    return files;
  }

  /**
   * The confusable alternatives of the hints' keyword facts (stt-confusables.ts), in windows of the line:
   * numbers, ordinals, days and months of their closed classes, names' and tiers' sound-alikes from the
   * dictionary (the commonest first among equally near ones).
   */
  private async competitors(hints: RecognitionHints, dict: Pronunciations): Promise<CompetitorWindow[]> {
    if (!hints.keywords?.length) return [];
    const common = await this.commonWords();
    if (!this.commonRank) this.commonRank = new Map(common.map((c, k) => [c.word, k]));
    const rank = this.commonRank;
    const known = (word: string) => WORD.test(word) && dict.has(word);
    const alikes = (word: string) => {
      let found = this.alikes.get(word);
      if (!found) {
        found = soundAlikes(
          word,
          dict,
          (w) => rank.get(w) ?? Number.POSITIVE_INFINITY,
          (w) => !PROFANITY.has(w),
        );
        if (this.alikes.size > 5000) this.alikes.clear();
        this.alikes.set(word, found);
      }
      return found;
    };
    return lineCompetitors(hints, alikes, known);
  }

  /** The word sequences to favour: the line between sentence marks, its other readings, the keyword phrases. */
  private async sequences(hints: RecognitionHints, dict: Pronunciations): Promise<string[][]> {
    const out: string[][] = [];
    const add = async (words: string[], bounded: boolean) => {
      // a word with no pronunciation at all splits the sequence
      let current: string[] = bounded ? [SENTENCE_START] : [];
      for (const word of words) {
        if (WORD.test(word) && (dict.has(word) || (await guessPronunciation(word, this.t2p)))) {
          current.push(word);
        } else {
          if (current.some((w) => w !== SENTENCE_START)) out.push(current);
          current = [];
        }
      }
      if (bounded) current.push(SENTENCE_END);
      if (current.some((w) => w !== SENTENCE_START && w !== SENTENCE_END)) out.push(current);
    };
    if (hints.expected?.trim()) {
      const line = spokenForm(hints.expected);
      await add(line.words, true);
      for (const alt of line.alternatives) await add(alt, false);
    }
    for (const entry of hints.keywords ?? []) {
      for (const phrase of String(entry).split(/[|&]/)) {
        const spoken = spokenForm(phrase);
        await add(spoken.words, false);
        for (const alt of spoken.alternatives) await add(alt, false);
      }
    }
    return out;
  }

  private async loadCommonWords(): Promise<CommonWord[]> {
    const info = await stat(this.model.lm);
    const id = createHash('sha256').update(`${this.model.lm}:${info.size}:${info.mtimeMs}`).digest('hex').slice(0, 16);
    const file = path.join(this.cacheDir, `unigrams-${id}.tsv`);
    let text = await readFile(file, 'utf8').catch(() => '');
    if (!text) {
      text = (await runChecked(this.psdecode, ['--dump-unigrams', this.model.lm], { timeoutMs: 120_000 })).toString(
        'utf8',
      );
      await mkdir(this.cacheDir, { recursive: true });
      await writeAtomically(file, text);
    }
    const dict = await this.dictionary();
    const words: CommonWord[] = [];
    for (const line of text.split('\n')) {
      const [logProb, word] = line.split('\t');
      if (word && WORD.test(word) && dict.has(word) && !PROFANITY.has(word)) {
        words.push({ word, logProb: Number(logProb) });
      }
    }
    return words.sort((a, b) => b.logProb - a.logProb).slice(0, 30_000);
  }
}

async function writeAtomically(file: string, content: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, content, 'utf8');
  await rename(tmp, file);
}

/** Keeps the `keep` most recently used files of the directory. */
async function pruneOldest(dir: string, keep: number): Promise<void> {
  const names = await readdir(dir);
  if (names.length <= keep) return;
  const entries = await Promise.all(
    names.map(async (name) => ({
      name,
      time: (await stat(path.join(dir, name)).catch(() => undefined))?.mtimeMs ?? 0,
    })),
  );
  entries.sort((a, b) => b.time - a.time);
  await Promise.all(entries.slice(keep).map((e) => rm(path.join(dir, e.name), { force: true })));
}
