import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpeechRecognizer } from '../recognizer';
import type { AdaptationSample } from '../types';
import { adaptSpeaker, MIN_ADAPTATION_UTTERANCES, NotEnoughSpeechError } from './stt-adapt';
import { checkedTransform } from './stt-mllr';

/** A speaker's earlier recordings: sentences of none of the tests' lines, in one espeak-ng accent. */
const EARLIER = [
  'thank you for calling how may i help you today',
  'could you please confirm your full name and date of birth',
  'your package was shipped yesterday and should arrive on friday',
  'the payment was received and your balance is now zero',
  'please hold while i transfer you to the right department',
  'your new card will be mailed within five business days',
  'we have updated your phone number in our records',
  'i will escalate this to my supervisor right away',
  'the refund should appear on your statement next week',
  'please restart the device and tell me what you see',
  'i have added a note to your account about this call',
  'thank you for your patience and have a wonderful day',
];
const LATER = 'the technician will visit your home between nine and noon';

/**
 * Speaker adaptation on the real tools (sphinx_fe, bw, mllr_solve): a transform is estimated from a speaker's
 * earlier recordings (espeak-ng's Caribbean English, an accent the model never heard), has the shape
 * pocketsphinx reads, and the decoder takes it for a later line.
 */
describe('speaker adaptation (SphinxTrain MLLR)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-adapt-test-'));
  const stt = new SpeechRecognizer({ cacheDir: path.join(os.tmpdir(), 'simcentre-speech-unit') });
  const say = (text: string) => {
    const file = path.join(dir, `${text.length}-${text.slice(0, 12).replace(/\W/g, '')}.wav`);
    execFileSync('espeak-ng', ['-v', 'en-029', '-w', file, text]);
    return fs.readFileSync(file);
  };
  let samples: AdaptationSample[];

  beforeAll(() => {
    samples = EARLIER.map((text) => ({ text, audio: say(text) }));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('estimates a transform from the earlier recordings, which the decoder takes for a later line', async () => {
    const adaptation = await stt.adaptSpeaker(samples);
    expect(adaptation.used).toBeGreaterThanOrEqual(MIN_ADAPTATION_UTTERANCES);
    expect(adaptation.used).toBeLessThanOrEqual(EARLIER.length);
    expect(checkedTransform(adaptation.mllr)).toBe(adaptation.mllr);
    // 1 class, 3 streams of 13: not the identity (the speaker is not the model's)
    const numbers = adaptation.mllr.trim().split(/\s+/).map(Number);
    expect(numbers.slice(0, 3)).toEqual([1, 3, 13]);
    expect(numbers.slice(3, 3 + 169).some((v, i) => Math.abs(v - (i % 14 === 0 ? 1 : 0)) > 0.01)).toBe(true);

    const later = say(LATER);
    const adapted = await stt.transcribe(later, {
      expected: LATER,
      keywords: ['technician', 'noon'],
      speaker: adaptation,
    });
    expect(adapted.text.split(' ')).toEqual(expect.arrayContaining(['technician']));
  }, 120_000);

  it('refuses with too few recordings, and leaves out what cannot be read', async () => {
    const few = samples.slice(0, MIN_ADAPTATION_UTTERANCES - 1);
    await expect(stt.adaptSpeaker(few)).rejects.toBeInstanceOf(NotEnoughSpeechError);
    const unreadable = [...few, { text: 'hello there', audio: Buffer.from('not audio at all') }];
    await expect(
      adaptSpeaker(unreadable, { cacheDir: path.join(os.tmpdir(), 'simcentre-speech-unit') }),
    ).rejects.toBeInstanceOf(NotEnoughSpeechError);
  });
});
