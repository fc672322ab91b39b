import {
  AUTHORING_LIMITS,
  CHARACTER_COLOURS,
  type CharacterType,
  type TCharacter,
  type TFullLevel,
  type TScript,
} from '@sim/shared';
import { CHARACTER_TEXT_COLOURS } from '../../../components/theme/character-colours';

/** Moves one item of a list from one index to another (the order a drag or a move button asks for). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The order (from 1, as the server numbers scripts) a moved script is saved with: its place in the list
 * after the move. Null when nothing moves.
 */
export function orderAfterMove(ids: readonly string[], activeId: string, overId: string): number | null {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return null;
  return to + 1;
}

/**
 * Where a line dropped on the canvas goes: before the row it is dropped on, or after it when the drop
 * point is below the row's middle; at the end when it is dropped on the canvas itself. Answers the order
 * from 1.
 */
export function dropOrder(
  ids: readonly string[],
  overId: string | null,
  dropY: number | null,
  overRect: { top: number; height: number } | null,
): number {
  const index = overId === null ? -1 : ids.indexOf(overId);
  if (index < 0) return ids.length + 1;
  const below = dropY !== null && overRect !== null && dropY > overRect.top + overRect.height / 2;
  return index + (below ? 2 : 1);
}

/** A level's scripts in their order. */
export function scriptsInOrder(level: Pick<TFullLevel, 'scripts'> | null | undefined): TScript[] {
  return [...(level?.scripts ?? [])].sort((a, b) => a.order - b.order);
}

/** Splits a list into rows of `size` (the mic strip breaks its line after every 50 icons). */
export function chunk<T>(items: readonly T[], size: number = AUTHORING_LIMITS.micIconsPerRow): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

/** The character who speaks a script: the sim's character of that id, else the one the script carries. */
export function characterOf(script: TScript, characters: readonly TCharacter[]): TCharacter | null {
  return characters.find((c) => c._id !== null && c._id === script.sim_character_id) ?? script.character ?? null;
}

export function characterTypeOf(script: TScript, characters: readonly TCharacter[]): CharacterType {
  return characterOf(script, characters)?.type ?? 'other';
}

/** The border colour of a script row (authoring.md section 9). */
export function rowColour(type: CharacterType): string {
  return CHARACTER_COLOURS[type];
}

/** The colour of a script row's character label: the row's hue, as dark as text needs (4.5:1). */
export function rowTextColour(type: CharacterType): string {
  return CHARACTER_TEXT_COLOURS[type];
}

/** The clip the learner hears: an agent script's own recording when it is switched to it, else the generated one. */
export function playableUrl(script: TScript): string | null {
  if (script.agent_recorded_audio && script.agent_recorded_url) return script.agent_recorded_url;
  return script.audio_url;
}

/** A script has a clip (generated or recorded). */
export function hasClip(script: TScript): boolean {
  return Boolean(script.audio_url || script.agent_recorded_url);
}

/** True when some level of the sim has a script (PREVIEW needs one). */
export function anyScripts(levels: readonly Pick<TFullLevel, 'scripts'>[]): boolean {
  return levels.some((l) => l.scripts.length > 0);
}
