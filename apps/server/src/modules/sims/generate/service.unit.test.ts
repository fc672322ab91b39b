import { GENERATED_LEVEL_NAMES } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import type { ScriptWithCharacter } from '../scripts/repository';
import type { CharacterRow, ScriptRow } from '../shared/shape';
import { planLevels, transformScripts } from './service';

const now = new Date('2030-01-01T00:00:00Z');
const character = (type: string): CharacterRow => ({
  id: `char-${type}`,
  simId: 'sim',
  type,
  name: type,
  voice: 'Joanna',
  avatar: 'avatar-1',
  maskedType: type,
  createdAt: now,
  updatedAt: now,
});
const line = (order: number, type: string): ScriptWithCharacter => ({
  character: character(type),
  script: {
    id: `s${order}`,
    simId: 'sim',
    simLevelId: 'level-1',
    simCharacterId: `char-${type}`,
    script: `${type} line ${order}`,
    keywords: type === 'agent' ? ['refund'] : [],
    tests: [],
    hintText: type === 'agent' ? 'offer a refund' : '',
    hideText: false,
    sortOrder: order,
    audioKey: `tts/${order}.mp3`,
    audioSource: 'generated',
    voice: 'Joanna',
    agentRecordedAudio: false,
    agentRecordedKey: null,
    realTimeFeedback: false,
    naturalLenguage: false,
    autopopulateTimer: null,
    autopopulateData: null,
    overalConfidence: 60,
    lastTryOut: null,
    createdAt: now,
    updatedAt: now,
  } satisfies ScriptRow,
});
const level1 = [line(1, 'coach'), line(2, 'customer'), line(3, 'agent'), line(4, 'coach'), line(5, 'agent')];

describe('Generate Sim (DECISIONS.md section 3)', () => {
  it('plans the four fixed levels with the spec flags, in order', () => {
    const plans = planLevels(undefined);
    expect(plans.map((p) => p.name)).toEqual([...GENERATED_LEVEL_NAMES]);
    const on = (i: number) =>
      Object.entries(plans[i])
        .filter(([k, v]) => k !== 'name' && v === true)
        .map(([k]) => k)
        .sort();
    expect(on(0)).toEqual(['auto_populate', 'remove_coach']);
    expect(on(1)).toEqual(['convert_agent']);
    expect(on(2)).toEqual(['convert_agent', 'include_keywords']);
    expect(on(3)).toEqual(['convert_agent', 'hint_text', 'remove_agent', 'remove_coach']);
  });

  it('keeps the fixed order whatever the request order, and applies the flags asked for', () => {
    const plans = planLevels([{ name: 'Try w/o help', remove_agent: false }, { name: 'Watch the experts' }]);
    expect(plans.map((p) => [p.name, p.remove_agent, p.remove_coach])).toEqual([
      ['Watch the experts', false, true],
      ['Try w/o help', false, true],
    ]);
  });

  it.each([
    ['Watch the experts', ['customer', 'agent', 'agent'], [false, false, false]],
    ['Try w/ scripts', ['coach', 'customer', 'agent', 'coach', 'agent'], [false, false, false, false, false]],
    ['Try w/o help', ['customer', 'agent', 'agent'], [false, true, true]],
  ] as const)('%s: lines %j, hidden %j', (name, types, hidden) => {
    const [plan] = planLevels([{ name }]);
    const copies = transformScripts(level1, plan, { levelId: 'new-level', now });
    expect(copies.map((c) => c.simCharacterId?.replace('char-', ''))).toEqual(types);
    expect(copies.map((c) => c.hideText)).toEqual(hidden);
    expect(copies.map((c) => c.sortOrder)).toEqual(types.map((_, i) => i + 1));
    expect(copies.every((c) => c.simLevelId === 'new-level' && c.createdAt === now)).toBe(true);
    // keywords, hints and audio travel with the line; the copy gets its own id
    const agent = copies.find((c) => c.simCharacterId === 'char-agent');
    expect(agent).toMatchObject({ keywords: ['refund'], hintText: 'offer a refund', audioKey: 'tts/3.mp3' });
    expect(copies.some((c) => 'id' in c)).toBe(false);
  });
});
