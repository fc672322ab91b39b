import type { CharacterType, TTakeSimResponse, TTakeSimStep } from '@sim/shared';

export type TakeSimLevel = TTakeSimResponse['level'];

/** What the learner sees of a line (DECISIONS.md section 3, the level's settings). */
export type ShownText =
  | { kind: 'text'; text: string }
  | { kind: 'hint'; text: string }
  | { kind: 'keywords'; keywords: string[] }
  | { kind: 'hidden' };

export interface PlayStep {
  step: TTakeSimStep;
  /** the position in the level's full list (the index the stats and RESUME keep) */
  fullIndex: number;
  type: CharacterType;
  name: string;
  /**
   * the learner says this line: the server's learner_turn (an agent line on a level that converts the agent);
   * on a level the learner only listens to, the agent's clip plays like any other line (issue 31)
   */
  learnerTurn: boolean;
  shown: ShownText;
  /** the Real Time Feedback dialog follows the recording: the level's or the script's setting */
  realTimeFeedback: boolean;
}

function shownOf(step: TTakeSimStep, level: TakeSimLevel, learnerTurn: boolean): ShownText {
  if (step.hide_text) return { kind: 'hidden' };
  if (!learnerTurn) return { kind: 'text', text: step.script };
  if (level.remove_agent) return { kind: 'hidden' };
  if (level.only_keywords && step.keywords.length > 0) return { kind: 'keywords', keywords: step.keywords };
  if (level.hint_text && step.hint_text.trim() !== '') return { kind: 'hint', text: step.hint_text };
  return { kind: 'text', text: step.script };
}

/** The level's lines in order (coach lines dropped when the level removes the coach or the learner does). */
export function playSteps(level: TakeSimLevel, withoutCoach: boolean): PlayStep[] {
  return [...level.sim_scripts]
    .sort((a, b) => a.order - b.order)
    .map((step, fullIndex) => ({ step, fullIndex }))
    .filter(({ step }) => !((withoutCoach || level.remove_coach) && step.character?.type === 'coach'))
    .map(({ step, fullIndex }) => {
      const type: CharacterType = step.character?.type ?? (step.is_agent ? 'agent' : 'other');
      const learnerTurn = step.learner_turn;
      return {
        step,
        fullIndex,
        type,
        name: step.character?.name ?? '',
        learnerTurn,
        shown: shownOf(step, level, learnerTurn),
        realTimeFeedback: learnerTurn && (level.level_real_time_feedback || step.real_time_feedback),
      };
    });
}

/** Whether the level has coach lines a learner could leave out (the coach toggle is shown then). */
export function hasCoachLines(level: TakeSimLevel): boolean {
  return !level.remove_coach && level.sim_scripts.some((s) => s.character?.type === 'coach');
}

/** The step of a kept full-list index: that step, or the next one kept, or the last. */
export function stepAtFullIndex(steps: readonly PlayStep[], fullIndex: number): number {
  if (steps.length === 0) return 0;
  const found = steps.findIndex((s) => s.fullIndex >= fullIndex);
  return found === -1 ? steps.length - 1 : found;
}

/** The step counter's bar: dots for fewer than 10 steps, a progress bar from 10. */
export function stepIndicator(total: number): 'dots' | 'bar' {
  return total < 10 ? 'dots' : 'bar';
}

/** The first words of a line, for the step menu. */
export function preview(text: string, max = 48): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** How long autoplay shows a line without audio before it moves on: a reading time of 2 to 8 seconds. */
export function readingMs(text: string): number {
  return Math.min(8000, Math.max(2000, text.length * 60));
}
