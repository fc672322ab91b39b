import type { Transcript } from '../types';

/**
 * Words a recogniser invents from noise or similar sounds ("thank you" heard as "f*** you"). They are never
 * in the biased vocabulary, and are dropped from transcripts unless the expected line holds them.
 */
export const PROFANITY: ReadonlySet<string> = new Set([
  'fuck',
  'fucking',
  'fucked',
  'fucker',
  'fuckers',
  'fucks',
  'motherfucker',
  'shit',
  'shits',
  'shitty',
  'bullshit',
  'bitch',
  'bitches',
  'bastard',
  'bastards',
  'ass',
  'asses',
  'asshole',
  'assholes',
  'damn',
  'dammit',
  'goddamn',
  'cunt',
  'cock',
  'cocks',
  'whore',
  'slut',
  'piss',
  'pissed',
  'nigger',
  'nigga',
  'faggot',
  'fag',
  'twat',
  'wanker',
]);

/** The transcript without profane words, except those the speaker was expected to say. */
export function filterProfanity(transcript: Transcript, allowed: ReadonlySet<string> = new Set()): Transcript {
  const keep = (word: string) => !PROFANITY.has(word) || allowed.has(word);
  const words = transcript.words.filter((w) => keep(w.word));
  const text = transcript.text
    .split(/\s+/)
    .filter((w) => w && keep(w))
    .join(' ');
  return { text, words };
}
