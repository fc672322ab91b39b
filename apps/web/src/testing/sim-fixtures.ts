import type { TFullDetailsResponse, TFullLevel, TProduct, TScript } from '@sim/shared';

/** The builder's test objects: a sim with its levels and scripts as full-details answers them. */
export type TTestSim = TFullDetailsResponse['sim'];

export const TEST_SIM_ID = '00000000-0000-4000-8000-0000000000aa';
export const TEST_LEVEL_ID = '00000000-0000-4000-8000-0000000000b1';
export const TEST_VOICE_ONLY: TProduct = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Training SIM',
  type: 'Voice Only',
};
export const TEST_INTERNAL: TProduct = {
  _id: '00000000-0000-4000-8000-000000000002',
  name: 'Training SIM - Internal Data',
  type: 'Internal Data',
};
const AT = '2030-03-04T10:00:00.000Z';

/** A saved script of the test level, without audio. */
export function testScript(overrides: Partial<TScript> & Pick<TScript, '_id' | 'script'>): TScript {
  return {
    sim_id: TEST_SIM_ID,
    sim_level_id: TEST_LEVEL_ID,
    sim_character_id: null,
    keywords: [],
    tests: [],
    hint_text: '',
    hide_text: false,
    order: 1,
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
    character: null,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

/** The first level of the test sim ('Watch and Learn'), with the given scripts. */
export function testLevel(scripts: TScript[], overrides: Partial<TFullLevel> = {}): TFullLevel {
  const id = overrides._id ?? TEST_LEVEL_ID;
  return {
    _id: id,
    level_id: id,
    sim_id: TEST_SIM_ID,
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
    created_at: AT,
    updated_at: AT,
    scripts,
    ...overrides,
  };
}

/** The test sim 'Refills' on a product, at a wizard step, with its levels. */
export function testSim(
  levels: TFullLevel[],
  { product = TEST_VOICE_ONLY, activeStep = 2 }: { product?: TProduct; activeStep?: number } = {},
  overrides: Partial<TTestSim> = {},
): TTestSim {
  return {
    _id: TEST_SIM_ID,
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
    created_at: AT,
    updated_at: '2030-03-05T10:00:00.000Z',
    deleted_at: null,
    totalLevels: levels.length,
    totalSteps: levels.reduce((n, l) => n + l.scripts.length, 0),
    sim_characters: [],
    selectVoices: {},
    levels,
    pass_fail: null,
    ...overrides,
  };
}
