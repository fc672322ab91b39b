import { describe, expect, it } from 'vitest';
import { fliteToCmu, guessPronunciation, parseDictionary } from './stt-dict';
import { filterProfanity } from './stt-profanity';

describe('pronunciations', () => {
  it('reads the CMU dictionary with alternative pronunciations', () => {
    const dict = parseDictionary('read R EH D\nread(2) R IY D\nthe DH AH\n');
    expect(dict.get('read')).toEqual(['R EH D', 'R IY D']);
    expect(dict.get('the')).toEqual(['DH AH']);
  });

  it('maps flite phones to CMU phones', () => {
    expect(fliteToCmu('pau hh ax l ow1 w er1 l d pau')).toBe('HH AH L OW W ER L D');
    expect(fliteToCmu('pau k ow1 p ey1 pau ')).toBe('K OW P EY');
  });

  it('guesses the pronunciation of a word missing from the dictionary with t2p', async () => {
    expect(await guessPronunciation('copay')).toBe('K OW P EY');
    expect(await guessPronunciation('copay', '/nonexistent/t2p')).toBeUndefined();
  });
});

describe('filterProfanity', () => {
  const words = (list: string[]) => list.map((word, i) => ({ word, start: i, end: i + 1, confidence: 1 }));

  it('drops invented profanity', () => {
    const t = filterProfanity({ text: 'fuck you for calling', words: words(['fuck', 'you', 'for', 'calling']) });
    expect(t.text).toBe('you for calling');
    expect(t.words.map((w) => w.word)).toEqual(['you', 'for', 'calling']);
  });

  it('keeps a word the speaker was expected to say', () => {
    const t = filterProfanity({ text: 'damn', words: words(['damn']) }, new Set(['damn']));
    expect(t.text).toBe('damn');
  });
});
