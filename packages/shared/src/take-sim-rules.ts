/**
 * Whose turn a line is (DECISIONS.md section 3, issue 31): the level decides, not only the character. An
 * agent line is the learner's turn (recorded and graded) only on a level that converts the agent (its
 * "convert agent" flag); on any other level — 'Watch and Learn', 'Watch the experts' — the agent's clip plays
 * like every other line and the learner listens to the whole call. The server answers it per step
 * (`learner_turn`) and refuses a recording of any other line; the take-sim screen follows the answer.
 */
/** What the rule reads of a level. */
export interface TurnLevel {
  convert_agent: boolean;
}

/** A level on which the learner only listens: no line of it is the learner's turn. */
export const isListeningLevel = (level: TurnLevel): boolean => !level.convert_agent;

/** Whether a line of this character (its type: agent, customer, coach, other) is the learner's turn on this level. */
export const isLearnerTurn = (type: string | null | undefined, level: TurnLevel): boolean =>
  type === 'agent' && !isListeningLevel(level);
