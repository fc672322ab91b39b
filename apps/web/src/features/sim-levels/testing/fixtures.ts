import {
  type CharacterType,
  DEFAULT_CHARACTERS,
  type TAudioJob,
  type TCharacter,
  type TFullLevel,
  type TProduct,
  type TScript,
} from '@sim/shared';
import {
  TEST_INTERNAL,
  TEST_LEVEL_ID,
  TEST_SIM_ID,
  TEST_VOICE_ONLY,
  testLevel,
  testScript,
  testSim,
} from '../../../testing/sim-fixtures';
import type { TFullSim } from '../api/full-details';

export const SIM_ID = TEST_SIM_ID;
export const LEVEL_ID = TEST_LEVEL_ID;
export const VOICE_ONLY = TEST_VOICE_ONLY;
export const INTERNAL = TEST_INTERNAL;

const TYPE_NUMBER: Record<CharacterType, number> = { coach: 1, agent: 2, customer: 3, other: 4 };
export const characterId = (type: CharacterType) => `00000000-0000-4000-8000-00000000c00${TYPE_NUMBER[type]}`;

export const CHARACTERS: TCharacter[] = DEFAULT_CHARACTERS.map((c) => ({
  ...c,
  _id: characterId(c.type),
  sim_id: SIM_ID,
}));

export const characterOfType = (type: CharacterType) => CHARACTERS.find((c) => c.type === type) as TCharacter;

let counter = 0;
export function makeScript(type: CharacterType, text: string, overrides: Partial<TScript> = {}): TScript {
  counter += 1;
  return testScript({
    _id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    sim_character_id: characterId(type),
    script: text,
    order: 0,
    character: characterOfType(type),
    ...overrides,
  });
}

export function makeLevel(scripts: TScript[], overrides: Partial<TFullLevel> = {}): TFullLevel {
  const id = overrides._id ?? LEVEL_ID;
  return testLevel(
    scripts.map((s, i) => ({ ...s, sim_level_id: id, order: i + 1 })),
    overrides,
  );
}

export function makeSim(levels: TFullLevel[], product: TProduct = VOICE_ONLY, activeStep = 2): TFullSim {
  return testSim(levels, { product, activeStep }, { sim_characters: CHARACTERS });
}

export function makeJob(overrides: Partial<TAudioJob> = {}): TAudioJob {
  return {
    _id: '00000000-0000-4000-8000-0000000000e1',
    status: 'queued',
    total: 3,
    done: 0,
    failed: 0,
    error: null,
    level_id: LEVEL_ID,
    sim_id: SIM_ID,
    created_at: '2030-03-04T10:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}
