import { describe, expect, it } from 'vitest';
import { details, step } from '../testing/take-sim-harness';
import { hasCoachLines, playSteps, readingMs, stepAtFullIndex, stepIndicator } from './steps';

const lines = () => [
  step('coach', 'Listen first.'),
  step('customer', 'I need a refill.'),
  step('agent', 'I can refill that for you today.', { keywords: ['refill', 'today'], hint_text: 'Offer the refill' }),
  step('agent', 'Anything else?', { hide_text: true }),
];

describe('the steps of a level as the learner meets them', () => {
  it('shows the line, or its keywords, hint or nothing by the level settings', () => {
    const plain = playSteps(details(lines()).level, false);
    expect(plain.map((s) => s.shown)).toEqual([
      { kind: 'text', text: 'Listen first.' },
      { kind: 'text', text: 'I need a refill.' },
      { kind: 'text', text: 'I can refill that for you today.' },
      { kind: 'hidden' },
    ]);
    expect(plain.map((s) => s.learnerTurn)).toEqual([false, false, true, true]);
    expect(plain.map((s) => s.type)).toEqual(['coach', 'customer', 'agent', 'agent']);

    expect(playSteps(details(lines(), { level: { only_keywords: true } }).level, false)[2]?.shown).toEqual({
      kind: 'keywords',
      keywords: ['refill', 'today'],
    });
    expect(playSteps(details(lines(), { level: { hint_text: true } }).level, false)[2]?.shown).toEqual({
      kind: 'hint',
      text: 'Offer the refill',
    });
    expect(playSteps(details(lines(), { level: { remove_agent: true } }).level, false)[2]?.shown).toEqual({
      kind: 'hidden',
    });
  });

  it('leaves the coach out when the learner or the level removes it, keeping the full-list index', () => {
    const level = details(lines()).level;
    expect(hasCoachLines(level)).toBe(true);
    const without = playSteps(level, true);
    expect(without.map((s) => s.fullIndex)).toEqual([1, 2, 3]);
    expect(stepAtFullIndex(without, 0)).toBe(0);
    expect(stepAtFullIndex(without, 2)).toBe(1);
    expect(stepAtFullIndex(without, 9)).toBe(2);
    const removed = details(lines(), { level: { remove_coach: true } }).level;
    expect(playSteps(removed, false)).toHaveLength(3);
    expect(hasCoachLines(removed)).toBe(false);
  });

  it('asks for real-time feedback on a learner line when the level or the script has it', () => {
    const steps = [step('agent', 'a', { real_time_feedback: true }), step('agent', 'b'), step('customer', 'c')];
    expect(playSteps(details(steps).level, false).map((s) => s.realTimeFeedback)).toEqual([true, false, false]);
    expect(
      playSteps(details(steps, { level: { level_real_time_feedback: true } }).level, false).map(
        (s) => s.realTimeFeedback,
      ),
    ).toEqual([true, true, false]);
  });

  it('uses dots under 10 steps and a bar from 10; a line without audio is read for 2 to 8 seconds', () => {
    expect(stepIndicator(9)).toBe('dots');
    expect(stepIndicator(10)).toBe('bar');
    expect(readingMs('')).toBe(2000);
    expect(readingMs('x'.repeat(100))).toBe(6000);
    expect(readingMs('x'.repeat(1000))).toBe(8000);
  });
});
