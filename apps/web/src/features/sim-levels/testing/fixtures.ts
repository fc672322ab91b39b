import {
  type CharacterType,
  DEFAULT_CHARACTERS,
  type TAudioJob,
  type TCharacter,
  type TFullLevel,
  type TProduct,
  type TScript,
} from '@sim/shared';
import type { TFullSim } from '../api/full-details';

export const SIM_ID = '00000000-0000-4000-8000-0000000000aa';
export const LEVEL_ID = '00000000-0000-4000-8000-0000000000b1';
export const VOICE_ONLY: TProduct = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Training SIM',
  type: 'Voice Only',
};
export const INTERNAL: TProduct = {
  _id: '00000000-0000-4000-8000-000000000002',
  name: 'Training SIM - Internal Data',
  type: 'Internal Data',
};

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
  return {
    _id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    sim_id: SIM_ID,
    sim_level_id: LEVEL_ID,
    sim_character_id: characterId(type),
    script: text,
    keywords: [],
    tests: [],
    hint_text: '',
    hide_text: false,
    order: 0,
    audio_url: null,
    expiry_date: null,
    audio_key: null,
    audio_source: null,
    voice: null,
    agent_recorded_audio: false,
    agent_recorded_url: null,
    real_time_feedback: false,
    natural_lenguage: false,
    autopopulate_timer: null,
    autopopulate_data: null,
    overalConfidence: 60,
    status: 'saved',
    character: characterOfType(type),
    created_at: '2030-03-04T10:00:00.000Z',
    updated_at: '2030-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function makeLevel(scripts: TScript[], overrides: Partial<TFullLevel> = {}): TFullLevel {
  const id = overrides._id ?? LEVEL_ID;
  return {
    _id: id,
    level_id: id,
    sim_id: SIM_ID,
    name: 'Watch and Learn',
    order: 0,
    hint_text: false,
    keyword_score: true,
    real_time_feedback: false,
    send_to_snowfly: false,
    screenRecording: false,
    only_keywords: false,
    sim_generated: false,
    remove_coach: false,
    convert_agent: false,
    remove_agent: false,
    auto_populate: false,
    totalScripts: scripts.length,
    created_at: '2030-03-04T10:00:00.000Z',
    updated_at: '2030-03-04T10:00:00.000Z',
    ...overrides,
    scripts: scripts.map((s, i) => ({ ...s, sim_level_id: id, order: i + 1 })),
  };
}

export function makeSim(levels: TFullLevel[], product: TProduct = VOICE_ONLY, activeStep = 2): TFullSim {
  return {
    _id: SIM_ID,
    title: 'Refills',
    description: 'A refill call',
    brief_description: '',
    admin_note: '',
    product_id: product._id,
    product: product.name,
    product_name: product.name,
    product_type: product.type,
    sim_type: 'training',
    call_type: 'Appointment',
    auto_populate: false,
    real_time_feedback: false,
    natural_lenguage: false,
    draft: false,
    hot_links: [],
    documents: [],
    activeStep,
    is_pass_fail_criteria_set: false,
    pass_fail_id: null,
    company: 'c1',
    created_by: null,
    built_by: 'Ada Lovelace',
    created_at: '2030-03-04T10:00:00.000Z',
    updated_at: '2030-03-05T10:00:00.000Z',
    deleted_at: null,
    totalLevels: levels.length,
    totalSteps: levels.reduce((n, l) => n + l.scripts.length, 0),
    sim_characters: CHARACTERS,
    selectVoices: {},
    levels,
    pass_fail: null,
  };
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
