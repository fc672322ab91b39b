import { describe, expect, it } from 'vitest';
import { CHARACTERS, makeLevel, makeScript } from '../testing/fixtures';
import { learnerLines } from './learner-view';

const scripts = () => [
  makeScript('coach', 'Listen to how it is done.', { audio_url: '/coach.mp3' }),
  makeScript('customer', 'I need a refill.', { audio_url: '/customer.mp3' }),
  makeScript('agent', 'Can I have your date of birth?', {
    audio_url: '/agent.mp3',
    keywords: ['date of birth'],
    hint_text: 'Ask for the date of birth',
  }),
];

describe('learnerLines', () => {
  it('plays every line of a plain level as written', () => {
    const lines = learnerLines(makeLevel(scripts()), CHARACTERS);
    expect(lines.map((l) => l.type)).toEqual(['coach', 'customer', 'agent']);
    expect(lines.map((l) => l.audioUrl)).toEqual(['/coach.mp3', '/customer.mp3', '/agent.mp3']);
    expect(lines[2]?.shown).toEqual({ kind: 'text', text: 'Can I have your date of birth?' });
  });

  it('drops the coach, and makes agent lines the learner turns with keywords only', () => {
    const level = makeLevel(scripts(), { remove_coach: true, convert_agent: true, only_keywords: true });
    const lines = learnerLines(level, CHARACTERS);
    expect(lines.map((l) => l.type)).toEqual(['customer', 'agent']);
    expect(lines[1]).toMatchObject({ learnerTurn: true, audioUrl: null });
    expect(lines[1]?.shown).toEqual({ kind: 'keywords', keywords: ['date of birth'] });
  });

  it('shows the hint, or nothing when the agent text is removed', () => {
    const hint = learnerLines(makeLevel(scripts(), { hint_text: true }), CHARACTERS);
    expect(hint[2]?.shown).toEqual({ kind: 'hint', text: 'Ask for the date of birth' });
    const hidden = learnerLines(makeLevel(scripts(), { remove_agent: true, hint_text: true }), CHARACTERS);
    expect(hidden[2]?.shown).toEqual({ kind: 'hidden' });
  });
});
