// Voice analysis, for checks of the synthetic voices (unit tests, benchmark).
/** Median fundamental frequency (Hz) of voiced frames of 16 kHz mono s16le PCM, by normalised autocorrelation. */
export function medianPitch(pcm: Buffer, sampleRate = 16000): number {
  const samples = new Float32Array(Math.floor(pcm.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768;
  const frame = Math.round(sampleRate * 0.04);
  const hop = Math.round(sampleRate * 0.01);
  const minLag = Math.floor(sampleRate / 400);
  const maxLag = Math.ceil(sampleRate / 60);
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const pitches: number[] = [];
  for (let start = 0; start + frame + maxLag < samples.length; start += hop) {
    let energy = 0;
    for (let i = 0; i < frame; i++) energy += samples[start + i] ** 2;
    if (Math.sqrt(energy / frame) < peak * 0.1) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let num = 0;
      let den1 = 0;
      let den2 = 0;
      for (let i = 0; i < frame; i++) {
        const a = samples[start + i];
        const b = samples[start + i + lag];
        num += a * b;
        den1 += a * a;
        den2 += b * b;
      }
      const r = num / Math.sqrt(den1 * den2 + 1e-12);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best > 0.6) pitches.push(sampleRate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches.length ? pitches[Math.floor(pitches.length / 2)] : 0;
}
