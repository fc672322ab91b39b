import {
  AVATARS,
  CHARACTER_TYPES,
  type CharacterType,
  DEFAULT_CALL_TYPE,
  DEFAULT_CHARACTERS,
  PRODUCT_TYPE_VOICE_ONLY,
  type TBasicInfoData,
  type TCharacter,
  type TProduct,
  VOICE_NAMES,
  type VoiceName,
  WIZARD_STEPS,
} from '@sim/shared';
import type { TBuilderSim } from '../api/sim-builder-api';

/** The stepper's steps (DECISIONS.md section 3): Data Input is hidden for products whose type contains Voice Only. */
export function visibleSteps(productType: string | null | undefined): string[] {
  const voiceOnly = (productType ?? '').includes(PRODUCT_TYPE_VOICE_ONLY);
  return WIZARD_STEPS.filter((_, i) => !(voiceOnly && i === WIZARD_STEPS.length - 1));
}

/** A stored activeStep that the stepper can show, or null (the page then goes back to /sims). */
export function startStep(activeStep: number, steps: readonly string[]): number | null {
  return Number.isInteger(activeStep) && activeStep >= 0 && activeStep < steps.length ? activeStep : null;
}

export interface BasicInfoValues {
  title: string;
  description: string;
  brief_description: string;
  admin_note: string;
  product_id: string;
  call_type: string;
  auto_populate: boolean;
  real_time_feedback: boolean;
  natural_lenguage: boolean;
  draft: boolean;
}

/** The form's values: the sim's when editing; else the first product and the first call type. */
export function basicInfoDefaults(sim: TBuilderSim | null, products: readonly TProduct[]): BasicInfoValues {
  return {
    title: sim?.title ?? '',
    description: sim?.description ?? '',
    brief_description: sim?.brief_description ?? '',
    admin_note: sim?.admin_note ?? '',
    product_id: sim?.product_id || products[0]?._id || '',
    call_type: sim?.call_type || DEFAULT_CALL_TYPE,
    auto_populate: sim?.auto_populate ?? false,
    real_time_feedback: sim?.real_time_feedback ?? false,
    natural_lenguage: sim?.natural_lenguage ?? false,
    draft: sim?.draft ?? false,
  };
}

/** NEXT (and save-on-blur) need a title and a description (authoring.md section 5). */
export function canSaveBasicInfo(values: Pick<BasicInfoValues, 'title' | 'description'>): boolean {
  return values.title.trim() !== '' && values.description.trim() !== '';
}

/**
 * The basicInfo request. The route replaces hot_links with what it is sent, so the sim's links are sent back
 * untouched until the links editor exists.
 */
export function toBasicInfoRequest(
  values: BasicInfoValues,
  sim: TBuilderSim | null,
  simId: string | null,
  activeStep?: number,
): TBasicInfoData {
  return {
    ...(simId ? { _id: simId } : {}),
    ...values,
    call_type: values.call_type as TBasicInfoData['call_type'],
    product_id: values.product_id || undefined,
    hot_links: sim?.hot_links ?? [],
    ...(activeStep === undefined ? {} : { activeStep }),
  };
}

export interface CharacterForm {
  _id: string | null;
  type: CharacterType;
  name: string;
  voice: VoiceName;
  avatar: string;
  masked_type: string;
}

/** One card per type, in the spec's order (coach, agent, customer, other); a missing type gets its default. */
export function characterForms(characters: readonly TCharacter[]): CharacterForm[] {
  return CHARACTER_TYPES.map((type: CharacterType) => {
    const found = characters.find((c) => c.type === type);
    const fallback = DEFAULT_CHARACTERS.find((c) => c.type === type) ?? DEFAULT_CHARACTERS[0];
    const c = found ?? { ...fallback, _id: null };
    return {
      _id: c._id ?? null,
      type,
      name: c.name,
      voice: c.voice,
      avatar: (AVATARS as readonly string[]).includes(c.avatar) ? c.avatar : fallback.avatar,
      masked_type: c.masked_type,
    };
  });
}

/** NEXT on Select Avatars: all four characters have a name and a voice. */
export function charactersComplete(characters: readonly Pick<CharacterForm, 'name' | 'voice'>[]): boolean {
  return (
    characters.length === CHARACTER_TYPES.length &&
    characters.every((c) => c.name.trim() !== '' && (VOICE_NAMES as readonly string[]).includes(c.voice))
  );
}
