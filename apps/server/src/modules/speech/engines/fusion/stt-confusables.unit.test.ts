import { describe, expect, it } from 'vitest';
import {
  CLOSED_CLASS_WEIGHT,
  competitorWindows,
  factAlternatives,
  lineCompetitors,
  phoneDistance,
  properNouns,
  SOUND_ALIKE,
  soundAlikes,
} from './stt-confusables';

const DICT = new Map<string, string[]>([
  ['patel', ['P AH0 T EH1 L']],
  ['patton', ['P AE1 T AH0 N']],
  ['petal', ['P EH1 T AH0 L']],
  ['patels', ['P AH0 T EH1 L Z']],
  ['pattel', ['P AH0 T EH1 L']],
  ['banana', ['B AH0 N AE1 N AH0']],
  ['hanley', ['HH AE1 N L IY0']],
  ['henley', ['HH EH1 N L IY0']],
  ['stanley', ['S T AE1 N L IY0']],
  ['doctor', ['D AA1 K T ER0']],
  ['can', ['K AE1 N']],
  ['see', ['S IY1']],
  ['you', ['Y UW1']],
  ['on', ['AA1 N']],
  ['thursday', ['TH ER1 Z D EY2']],
  ['tuesday', ['T UW1 Z D EY2']],
  ['monday', ['M AH1 N D EY2']],
  ['wednesday', ['W EH1 N Z D EY2']],
  ['friday', ['F R AY1 D EY2']],
  ['saturday', ['S AE1 T ER0 D EY2']],
  ['sunday', ['S AH1 N D EY2']],
]);
const known = (w: string) => DICT.has(w);

describe('factAlternatives', () => {
  it('offers the teen for the -ty and the -ty for the teen, and their neighbours', () => {
    expect(factAlternatives('fifteen')).toEqual(expect.arrayContaining(['fifty', 'fourteen', 'sixteen']));
    expect(factAlternatives('fifty')).toEqual(expect.arrayContaining(['fifteen', 'forty', 'sixty']));
    expect(factAlternatives('thirteenth')).toEqual(expect.arrayContaining(['thirtieth', 'twelfth', 'fourteenth']));
    expect(factAlternatives('thirtieth')).toContain('thirteenth');
  });

  it('offers every other digit for a digit, and every other day or month', () => {
    const six = factAlternatives('six') ?? [];
    for (const d of ['zero', 'one', 'two', 'three', 'four', 'five', 'seven', 'eight', 'nine']) expect(six).toContain(d);
    expect(six).toEqual(expect.arrayContaining(['sixteen', 'sixty']));
    expect(six).not.toContain('six');
    expect(factAlternatives('thursday')).toHaveLength(6);
    expect(factAlternatives('may')).toHaveLength(11);
    expect(factAlternatives('fifth')).toEqual(expect.arrayContaining(['fourth', 'sixth', 'fifteenth', 'fiftieth']));
  });

  it('has none for a word that states no fact', () => {
    expect(factAlternatives('refund')).toBeUndefined();
    expect(factAlternatives('patel')).toBeUndefined();
  });
});

describe('properNouns', () => {
  it('takes the words written with a capital inside a sentence, not titles or first words', () => {
    expect([...properNouns('Doctor Patel can see you. Your Premium plan is with Acme.')]).toEqual([
      'patel',
      'premium',
      'acme',
    ]);
    expect(properNouns('Your premium will go up in September.').has('premium')).toBe(false);
    expect([...properNouns('Dr. Patel will call. Then Mr. Hanley.')]).toEqual(['patel', 'hanley']);
  });
});

describe('soundAlikes', () => {
  it('finds words that sound near but not the same, never the word with an ending added', () => {
    expect(phoneDistance(['P', 'AH', 'T', 'EH', 'L'], ['P', 'AE', 'T', 'AH', 'N'])).toBe(2);
    const alikes = soundAlikes('patel', DICT);
    expect(alikes).toEqual(['patton']);
    expect(alikes).not.toContain('petal'); // the same consonants: an accent's vowels
    expect(alikes).not.toContain('patels');
    expect(alikes).not.toContain('pattel'); // the same sound: a spelling, not another name
    expect(alikes).not.toContain('banana');
    // the same consonants: an accent's vowels, not another name
    expect(soundAlikes('hanley', DICT)).toEqual(['stanley']);
  });
});

describe('competitor windows', () => {
  it('puts each alternative of a fact in the line around it', () => {
    const windows = competitorWindows(
      { words: ['<s>', 'see', 'you', 'on', 'thursday', '</s>'], keywordIndexes: [4], names: new Set() },
      () => [],
      known,
    );
    expect(windows).toHaveLength(6);
    expect(windows[0]).toEqual({
      words: ['you', 'on', 'monday', '</s>'],
      at: 2,
      original: 'thursday',
      weight: CLOSED_CLASS_WEIGHT,
    });
  });

  it('builds them from a line and its keywords: names by sound, days by class, never an entry’s own reading', () => {
    const windows = lineCompetitors(
      { expected: 'Doctor Patel can see you on Thursday.', keywords: ['Doctor Patel|Dr Patel', 'Thursday|Thu'] },
      (w) => soundAlikes(w, DICT),
      known,
    );
    const at = (original: string) => windows.filter((w) => w.original === original).map((w) => w.words[w.at]);
    expect(at('patel')).toEqual(['patton']);
    expect(at('thursday').sort()).toEqual(['friday', 'monday', 'saturday', 'sunday', 'tuesday', 'wednesday']);
    expect(at('doctor')).toEqual([]);
    expect(windows.find((w) => w.original === 'patel')).toMatchObject({
      words: ['<s>', 'doctor', 'patton', 'can', 'see'],
      weight: SOUND_ALIKE.weight,
    });
    expect(windows.filter((w) => w.original === 'thursday').every((w) => w.weight === CLOSED_CLASS_WEIGHT)).toBe(true);
  });

  it('takes a name from a keyword entry when the line starts with it', () => {
    const windows = lineCompetitors(
      { expected: 'Patel can see you.', keywords: ['Doctor Patel|Dr Patel'] },
      (w) => soundAlikes(w, DICT),
      known,
    );
    expect(windows.map((w) => w.words[w.at])).toEqual(['patton']);
  });

  it('looks for sound-alikes of at most SOUND_ALIKE.namesPerLine names of a line', () => {
    const names = Array.from({ length: 10 }, (_, k) => `Name${String.fromCharCode(97 + k)}`);
    const asked: string[] = [];
    lineCompetitors(
      { expected: `Call ${names.join(' ')}.`, keywords: names },
      (w) => {
        asked.push(w);
        return [];
      },
      () => true,
    );
    expect(asked).toHaveLength(SOUND_ALIKE.namesPerLine);
  });

  it('works on a keyword said on its own (no line)', () => {
    const windows = lineCompetitors({ keywords: ['Monday'] }, () => [], known);
    expect(windows.map((w) => w.words)).toContainEqual(['friday']);
  });
});
