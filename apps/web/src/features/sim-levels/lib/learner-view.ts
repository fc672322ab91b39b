import type { CharacterType, TCharacter, TFullLevel, TScript } from '@sim/shared';
import { characterOf, playableUrl, scriptsInOrder } from './script-list';

export type LearnerText =
  | { kind: 'text'; text: string }
  | { kind: 'keywords'; keywords: string[] }
  | { kind: 'hint'; text: string }
  | { kind: 'hidden' };

export interface LearnerLine {
  script: TScript;
  character: TCharacter | null;
  type: CharacterType;
  /** the learner says this line (an agent line of a level that converts agent lines) */
  learnerTurn: boolean;
  /** the clip played for this line; null for the learner's own turns and for lines without audio */
  audioUrl: string | null;
  shown: LearnerText;
}

/**
 * A level's lines as the learner meets them (DECISIONS.md section 3): coach lines dropped when the level
 * removes the coach; agent lines become the learner's turns when it converts the agent; an agent line
 * shows its keywords (only keywords), its hint (hint text) or nothing (remove agent, hidden text) instead
 * of its text.
 */
export function learnerLines(level: TFullLevel, characters: readonly TCharacter[]): LearnerLine[] {
  return scriptsInOrder(level)
    .map((script) => {
      const character = characterOf(script, characters);
      return { script, character, type: character?.type ?? ('other' as CharacterType) };
    })
    .filter(({ type }) => !(level.remove_coach && type === 'coach'))
    .map(({ script, character, type }) => {
      const agent = type === 'agent';
      const learnerTurn = agent && level.convert_agent;
      let shown: LearnerText = { kind: 'text', text: script.script };
      if (agent) {
        if (script.hide_text || level.remove_agent) shown = { kind: 'hidden' };
        else if (level.only_keywords) shown = { kind: 'keywords', keywords: script.keywords };
        else if (level.hint_text && script.hint_text.trim() !== '') shown = { kind: 'hint', text: script.hint_text };
      }
      return { script, character, type, learnerTurn, audioUrl: learnerTurn ? null : playableUrl(script), shown };
    });
}
