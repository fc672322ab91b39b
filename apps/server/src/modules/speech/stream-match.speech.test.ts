import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runChecked } from '../../lib/process';
import { decodeAudio, PAD_SECONDS, SAMPLE_RATE, wavFromPcm } from './engines/audio/stt-audio';
import { LocalTtsProvider } from './engines/tts/tts-local';
import { envelopeOf, sameTake } from './stream-match';

/**
 * The live-stream check on real speech (project `speech`: the local voices and ffmpeg): the reading the stream
 * heard, then uploaded through the codecs a take goes through (the browser's WebM/Opus, the app's MP3), still
 * matches; silence, another sentence and the reading reversed do not.
 */
describe('the live-stream check on real speech', () => {
  const tts = new LocalTtsProvider();
  const said: Record<string, Buffer> = {};
  const pcmOf = async (audio: Buffer) => {
    const pcm = await decodeAudio(audio);
    return pcm.subarray(0, pcm.length - Math.round(PAD_SECONDS * SAMPLE_RATE) * 2);
  };
  /** 16 kHz PCM encoded with these ffmpeg arguments and decoded again as the grading job does */
  const roundTrip = async (pcm: Buffer, args: string[], ext: string) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stream-match-'));
    try {
      await fs.writeFile(path.join(dir, 'in.wav'), wavFromPcm(pcm));
      const out = path.join(dir, `out.${ext}`);
      await runChecked('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', path.join(dir, 'in.wav'), ...args, out]);
      return await pcmOf(await fs.readFile(out));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  };
  const reversed = (pcm: Buffer) => {
    const out = Buffer.alloc(pcm.length);
    for (let i = 0; i < pcm.length / 2; i++) out.writeInt16LE(pcm.readInt16LE(i * 2), pcm.length - 2 - i * 2);
    return out;
  };

  beforeAll(async () => {
    said.line = await pcmOf(
      await tts.synthesize('I can schedule your appointment with the cardiologist on Monday.', 'Joanna'),
    );
    said.other = await pcmOf(
      await tts.synthesize('Please bring your insurance card and a photo ID to the desk.', 'Joanna'),
    );
    said.short = await pcmOf(await tts.synthesize('Thank you for calling today.', 'Matthew'));
  });

  it.each([
    ['WebM/Opus at 48 kHz (the browser)', ['-ar', '48000', '-c:a', 'libopus'], 'webm'],
    ['WebM/Opus at 16 kb/s', ['-ar', '48000', '-c:a', 'libopus', '-b:a', '16k'], 'webm'],
    ["the app's MP3 (22.05 kHz)", ['-ar', '22050', '-ac', '1', '-b:a', '48k'], 'mp3'],
  ])('matches the same reading through %s', async (_what, args, ext) => {
    for (const pcm of [said.line, said.short]) {
      const match = sameTake(envelopeOf(pcm), envelopeOf(await roundTrip(pcm, args, ext)));
      expect(match, JSON.stringify(match)).toMatchObject({ same: true, reason: null });
    }
  });

  it('does not match silence, another sentence or the reading reversed', async () => {
    const live = envelopeOf(said.line);
    const mp3 = (pcm: Buffer) => roundTrip(pcm, ['-ar', '22050', '-ac', '1', '-b:a', '48k'], 'mp3');
    expect(sameTake(live, envelopeOf(await mp3(Buffer.alloc(said.line.length)))).same).toBe(false);
    expect(sameTake(live, envelopeOf(await mp3(said.other))).same).toBe(false);
    expect(sameTake(live, envelopeOf(await mp3(reversed(said.line)))).same).toBe(false);
    expect(sameTake(envelopeOf(said.short), envelopeOf(reversed(said.short))).same).toBe(false);
  });
});
