import type { TKeywordEvidence, TResultLine, TUserResultResponse } from '@sim/shared';

/** A row id as the server makes them (a UUID). */
export const rowId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const LEARNER_ID = rowId(1);
export const REVIEWER_ID = rowId(2);
export const ASSIGNMENT_ID = rowId(300);
export const SIM_ID = rowId(400);
export const LEVEL_ID = rowId(500);
export const ATTEMPT_ID = rowId(600);

export const CUSTOMER_LINE = 'Hi, I would like to book a visit with a cardiologist.';
export const AGENT_LINE = 'I can schedule your appointment with the cardiologist on Monday morning.';
export const SAID = 'I scheduled your appointment for tomorrow';

const CHARACTERS = {
  customer: { _id: 'ch-c', type: 'customer', masked_type: 'customer', name: 'Maria' },
  agent: { _id: 'ch-a', type: 'agent', masked_type: 'agent', name: 'Alex' },
  coach: { _id: 'ch-o', type: 'coach', masked_type: 'coach', name: 'Coach' },
} as const;

/** A character's line (with its clip unless said). */
export function characterLine(
  index: number,
  script: string,
  overrides: Partial<TResultLine> = {},
  who: 'customer' | 'coach' = 'customer',
): TResultLine {
  return {
    _id: rowId(1000 + index),
    id: null,
    index,
    audio_url: `/files/clip-${index}.mp3`,
    is_agent: false,
    order: index + 1,
    character: CHARACTERS[who],
    script,
    hint_text: '',
    keywords: [],
    keywords_matched: [],
    missed_keywords: [],
    has_keywords: false,
    tests_matched: [],
    missed_tests: [],
    has_tests: false,
    transcribed_text: '',
    status: 'Completed',
    grade_score: 0,
    passed: null,
    myCount: 0,
    lastFive: [],
    isLastFive: false,
    words: [],
    evidence: [],
    ...overrides,
  };
}

/** The learner's line: graded, with keywords matched and missed, its recording and recognised words. */
export function agentLine(index: number, overrides: Partial<TResultLine> = {}): TResultLine {
  return characterLine(index, AGENT_LINE, {
    id: rowId(2000 + index),
    is_agent: true,
    character: CHARACTERS.agent,
    audio_url: `/api/v1/sims/result/recording/${rowId(2000 + index)}?exp=1&sig=x`,
    keywords: ['schedule', 'Monday'],
    keywords_matched: ['schedule'],
    missed_keywords: ['Monday'],
    has_keywords: true,
    transcribed_text: SAID,
    grade_score: 50,
    passed: false,
    myCount: 1,
    words: [
      { word: 'i', start: 0.1, end: 0.2, confidence: 1 },
      { word: 'scheduled', start: 0.3, end: 0.8, confidence: 1 },
      { word: 'your', start: 0.9, end: 1.1, confidence: 1 },
      { word: 'appointment', start: 1.2, end: 1.9, confidence: 1 },
      { word: 'for', start: 2, end: 2.1, confidence: 1 },
      { word: 'tomorrow', start: 2.2, end: 2.8, confidence: 1 },
    ],
    ...overrides,
  });
}

/** A completed result of the learner (Training SIM - Internal Data unless said). */
export function makeResult(overrides: Partial<TUserResultResponse> = {}): TUserResultResponse {
  const scripts = overrides.scripts ?? [characterLine(0, CUSTOMER_LINE), agentLine(1)];
  return {
    success: true,
    _id: ATTEMPT_ID,
    assignment_id: ASSIGNMENT_ID,
    assignment_status: 'COMPLETED',
    sim_id: SIM_ID,
    sim_level_id: LEVEL_ID,
    send_for_review: true,
    pass_fail_details: { sim_level_id: null, passed: null, criteria: [] },
    level: { _id: LEVEL_ID, name: 'Try w/ scripts', order: 2, sim_id: SIM_ID, send_to_snowfly: false },
    simTitle: 'Cardiology bookings',
    sim_type: 'training',
    product_name: 'Training SIM - Internal Data',
    product_type: 'Internal Data',
    user: {
      _id: LEARNER_ID,
      first_name: 'Alex',
      last_name: 'Agent',
      name: 'Alex Agent',
      profile_pic_url: null,
    },
    mode: 'practice',
    completed_on: '2030-03-04T10:00:00.000Z',
    started_on: '2030-03-04T09:58:00.000Z',
    totalSeconds: 65,
    wrapSeconds: 0,
    keyword_accuracy: 50,
    typing_accuracy: 100,
    data_selection_accuracy: null,
    overall_percentage: 75,
    correct_entries: 1,
    total_entries: 1,
    correct_selections: 0,
    total_selections: 0,
    auto_populate: false,
    typing_inputs: [
      { field_title: 'Last name', input_value: 'Smith', target_value: 'Smith', matched: true },
      { field_title: 'Phone', input_value: '555', target_value: '5551234', matched: false },
    ],
    data_inputs: [],
    scripts,
    agentScripts: Object.fromEntries(scripts.filter((s) => s.is_agent).map((s) => [s._id, s])),
    all_completed: true,
    assessor_notes: null,
    send_to_snowfly: false,
    snowfly_id: null,
    voice_service_enabled: false,
    screen_recording_urls: [],
    video_url: null,
    video_status: null,
    screen_share_video: { status: null },
    ...overrides,
  };
}

/** One keyword entry's evidence (credited, heard in the transcript by the unbiased recogniser unless said). */
export function keywordEvidence(keyword: string, overrides: Partial<TKeywordEvidence> = {}): TKeywordEvidence {
  return {
    keyword,
    tests: [],
    credited: true,
    auto_credited: overrides.credited ?? true,
    phrase: keyword.toLowerCase(),
    sources: ['transcript', 'neural-boosted'],
    start: 0.3,
    end: 0.8,
    confidence: 0.92,
    in_transcript: true,
    heard: null,
    override: null,
    ...overrides,
  };
}

export const THURSDAY_LINE = 'Your appointment is on Thursday; I will send the confirmation now.';
export const THURSDAY_SAID = 'your appointment is on friday i will send the information now';

/**
 * The learner's line with evidence: "Thursday" missed (Friday was said in its place), "confirmation" credited
 * though the transcript wrote "information" (keyword search heard it), "appointment" credited plainly.
 */
export function lineWithEvidence(index: number, overrides: Partial<TResultLine> = {}): TResultLine {
  const words = THURSDAY_SAID.split(' ').map((word, i) => ({
    word,
    start: 0.2 + i * 0.4,
    end: 0.5 + i * 0.4,
    confidence: 0.9,
  }));
  return agentLine(index, {
    script: THURSDAY_LINE,
    keywords: ['appointment', 'Thursday', 'confirmation'],
    keywords_matched: ['appointment', 'confirmation'],
    missed_keywords: ['Thursday'],
    transcribed_text: THURSDAY_SAID,
    words,
    grade_score: 66.67,
    passed: true,
    evidence: [
      keywordEvidence('appointment', { start: 0.6, end: 0.9, confidence: 0.95 }),
      keywordEvidence('Thursday', {
        credited: false,
        phrase: 'thursday',
        sources: [],
        start: 1.8,
        end: 2.1,
        confidence: null,
        in_transcript: false,
        heard: 'friday',
      }),
      keywordEvidence('confirmation', {
        sources: ['keyword-search'],
        start: 3.4,
        end: 3.7,
        confidence: 0.71,
        in_transcript: false,
        heard: 'information',
      }),
    ],
    ...overrides,
  });
}
