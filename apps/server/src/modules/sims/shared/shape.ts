import {
  AUTHORING_LIMITS,
  type CharacterType,
  DEFAULT_CHARACTERS,
  type TCharacter,
  type TLevel,
  type TPassFail,
  type TScript,
  VOICES,
  type VoiceName,
} from '@sim/shared';
import type { simCharacters, simLevels, simPassFail, simScripts, sims } from '../../../db/schema/index';
import type { AppDeps } from '../../../deps';
import { signedFileUrl } from '../../../lib/signed-files';
import { toDocument, toVideo } from '../uploads/files';
import { packageUrl } from '../uploads/package';

export type CharacterRow = typeof simCharacters.$inferSelect;
export type LevelRow = typeof simLevels.$inferSelect;
export type ScriptRow = typeof simScripts.$inferSelect;
export type PassFailRow = typeof simPassFail.$inferSelect;
type SimFilesRow = Pick<
  typeof sims.$inferSelect,
  'documents' | 'tutorialVideo' | 'captivateFolderName' | 'captivateEntry' | 'captivateDemoVideo'
>;

/** Rows → the API objects of authoring.md section 3 (field names as the spec spells them). */
export function toCharacter(r: CharacterRow): TCharacter {
  return {
    _id: r.id,
    sim_id: r.simId,
    type: r.type as CharacterType,
    name: r.name,
    voice: r.voice as VoiceName,
    avatar: r.avatar,
    masked_type: r.maskedType,
  };
}

/** The characters used when a sim has none (section 3). */
export function defaultCharacters(simId: string | null): TCharacter[] {
  return DEFAULT_CHARACTERS.map((c) => ({ _id: null, sim_id: simId, ...c }));
}

/** voice id → label for the Voice select (section 3: selectVoices). */
export function selectVoices(): Record<string, string> {
  return Object.fromEntries(VOICES.map((v) => [v.name, `${v.name} (${v.gender})`]));
}

export function toLevel(r: LevelRow, totalScripts: number): TLevel {
  return {
    _id: r.id,
    level_id: r.id,
    sim_id: r.simId,
    name: r.name,
    order: r.sortOrder,
    hint_text: r.hintText,
    keyword_score: r.keywordScore,
    real_time_feedback: r.realTimeFeedback,
    send_to_snowfly: r.sendToSnowfly,
    screenRecording: r.screenRecording,
    only_keywords: r.onlyKeywords,
    sim_generated: r.simGenerated,
    remove_coach: r.removeCoach,
    convert_agent: r.convertAgent,
    remove_agent: r.removeAgent,
    auto_populate: r.autoPopulate,
    totalScripts,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** A signed, expiring URL of a stored clip, or nulls when there is none. */
export function audioUrl(deps: AppDeps, key: string | null) {
  if (!key) return { url: null, expiry: null };
  const signed = signedFileUrl(deps, key, AUTHORING_LIMITS.audioUrlTtlSeconds);
  return { url: signed.url, expiry: signed.expiresAt.toISOString() };
}

export function toScript(deps: AppDeps, r: ScriptRow, character: CharacterRow | null): TScript {
  const generated = audioUrl(deps, r.audioKey);
  return {
    _id: r.id,
    sim_id: r.simId,
    sim_level_id: r.simLevelId,
    sim_character_id: r.simCharacterId,
    script: r.script,
    keywords: r.keywords,
    tests: r.tests,
    hint_text: r.hintText,
    hide_text: r.hideText,
    order: r.sortOrder,
    audio_url: generated.url,
    expiry_date: generated.expiry,
    audio_key: r.audioKey,
    audio_source: r.audioSource === 'generated' || r.audioSource === 'recorded' ? r.audioSource : null,
    voice: r.voice,
    agent_recorded_audio: r.agentRecordedAudio,
    agent_recorded_url: audioUrl(deps, r.agentRecordedKey).url,
    real_time_feedback: r.realTimeFeedback,
    natural_lenguage: r.naturalLenguage,
    autopopulate_timer: r.autopopulateTimer,
    autopopulate_data: r.autopopulateData,
    overalConfidence: r.overalConfidence,
    status: 'saved',
    character: character ? toCharacter(character) : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function toPassFail(r: PassFailRow): TPassFail {
  return {
    _id: r.id,
    sim_id: r.simId,
    sim_level_id: r.simLevelId,
    threshold_keyword_accuracy: r.thresholdKeywordAccuracy,
    threshold_typing_accuracy: r.thresholdTypingAccuracy,
    threshold_data_selection_accuracy: r.thresholdDataSelectionAccuracy,
    threshold_overall_accuracy: r.thresholdOverallAccuracy,
    disable_threshold_keyword_accuracy: r.disableThresholdKeywordAccuracy,
    disable_threshold_typing_accuracy: r.disableThresholdTypingAccuracy,
    disable_threshold_data_selection_accuracy: r.disableThresholdDataSelectionAccuracy,
    disable_threshold_overall_accuracy: r.disableThresholdOverallAccuracy,
    allow_skip_levels: r.allowSkipLevels,
    status: 'set',
  };
}

/**
 * The uploads of a sim as every sim read answers them (issue 5): documents, tutorial video and demo video
 * with signed, expiring urls, the learning package's name and a signed URL opening its start page.
 */
export function simUploads(deps: AppDeps, r: SimFilesRow) {
  return {
    documents: r.documents.map((d) => toDocument(deps, d)),
    tutorial_video: toVideo(deps, r.tutorialVideo),
    captivate_folder_name: r.captivateEntry ? r.captivateFolderName : null,
    captivate_url: r.captivateEntry ? packageUrl(deps, r.captivateEntry) : null,
    captivate_demo_video: toVideo(deps, r.captivateDemoVideo),
  };
}
