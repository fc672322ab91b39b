/**
 * TEST SPEAKERS: plays a clip of the sim when there is one, else a short two-note chime made in the
 * browser (Web Audio), so the learner can check their speakers before a level. Resolves when it ends.
 */
export async function playSpeakerTest(clipUrl: string | null): Promise<void> {
  if (clipUrl) {
    try {
      await playClip(clipUrl);
      return;
    } catch {
      // an expired link or a format the browser refuses: the chime still tests the speakers
    }
  }
  await playChime();
}

function playClip(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const audio = new Audio(url);
    audio.addEventListener('ended', () => resolve(), { once: true });
    audio.addEventListener('error', () => reject(new Error('clip')), { once: true });
    audio.play().catch(reject);
  });
}

type AudioContextClass = typeof AudioContext;

async function playChime(): Promise<void> {
  const Context: AudioContextClass | undefined =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context) throw new Error('no audio');
  const context = new Context();
  const notes = [660, 880];
  const length = 0.35;
  notes.forEach((frequency, i) => {
    const start = context.currentTime + i * length;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.3, start + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + length);
  });
  await new Promise((resolve) => window.setTimeout(resolve, notes.length * length * 1000 + 50));
  await context.close();
}
