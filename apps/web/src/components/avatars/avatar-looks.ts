import type { lorelei } from '@dicebear/collection';
import { AVATARS, DEFAULT_AVATAR } from '@sim/shared';

/**
 * The faces of the spec's 24 avatars (`avatar-1` … `avatar-24`), drawn by DiceBear's "Lorelei" style (design
 * by Lisa Wischofsky, CC0 1.0: no attribution needed; the code is MIT). Every feature is chosen here, none
 * by a random seed, so an avatar looks the same in every browser and after a library update that keeps
 * these variants. Chosen for variety: six skin tones, short and long hair in seven colours, beards, glasses,
 * earrings and freckles spread over the set.
 */

export const SKIN_TONES = {
  porcelain: 'fbe3d3',
  light: 'f2d3b1',
  sand: 'e3b98f',
  tan: 'c98e5f',
  brown: '9a6440',
  deep: '6b4329',
} as const;

export const HAIR_COLOURS = {
  black: '1f1a17',
  darkBrown: '3d2a1e',
  brown: '6a4e35',
  auburn: '9c4a23',
  red: 'c0542a',
  blonde: 'd9b36c',
  grey: 'a8a8a8',
} as const;

/** Every option of Lorelei for one avatar (a type only: this module loads no DiceBear code). */
export type LoreleiOptions = Required<
  Pick<
    lorelei.Options,
    | 'hair'
    | 'hairColor'
    | 'skinColor'
    | 'eyes'
    | 'eyebrows'
    | 'mouth'
    | 'nose'
    | 'head'
    | 'beard'
    | 'beardProbability'
    | 'glasses'
    | 'glassesProbability'
    | 'earrings'
    | 'earringsProbability'
    | 'frecklesProbability'
    | 'hairAccessoriesProbability'
  >
>;
type Variant<K extends keyof LoreleiOptions> = LoreleiOptions[K] extends readonly (infer V)[] ? V : never;

export interface AvatarLook {
  /** Lorelei's hair variant (short: 01–09, 22, 25, 27, 28, 34, 39, 47; long or tied: the others) */
  hair: Variant<'hair'>;
  hairColour: keyof typeof HAIR_COLOURS;
  skin: keyof typeof SKIN_TONES;
  beard?: Variant<'beard'>;
  /** no sunglasses (variant02) */
  glasses?: Exclude<Variant<'glasses'>, 'variant02'>;
  earrings?: Variant<'earrings'>;
  freckles?: boolean;
}

/** avatar-1 is LOOKS[0] (one per AVATARS). The defaults of a new sim: customer 13, agent 6, coach 3, other 19. */
export const LOOKS: readonly AvatarLook[] = [
  { hair: 'variant15', hairColour: 'black', skin: 'sand', earrings: 'variant01' },
  { hair: 'variant01', hairColour: 'brown', skin: 'light' },
  { hair: 'variant39', hairColour: 'darkBrown', skin: 'brown', beard: 'variant02' },
  { hair: 'variant35', hairColour: 'blonde', skin: 'porcelain', freckles: true },
  { hair: 'variant25', hairColour: 'grey', skin: 'light', glasses: 'variant03', beard: 'variant01' },
  { hair: 'variant31', hairColour: 'auburn', skin: 'light', earrings: 'variant02' },
  { hair: 'variant08', hairColour: 'black', skin: 'tan' },
  { hair: 'variant40', hairColour: 'darkBrown', skin: 'deep', earrings: 'variant03' },
  { hair: 'variant27', hairColour: 'red', skin: 'porcelain', freckles: true },
  { hair: 'variant24', hairColour: 'black', skin: 'brown', glasses: 'variant04' },
  { hair: 'variant03', hairColour: 'blonde', skin: 'sand', beard: 'variant02' },
  { hair: 'variant26', hairColour: 'darkBrown', skin: 'tan', earrings: 'variant01' },
  { hair: 'variant21', hairColour: 'brown', skin: 'sand', glasses: 'variant01' },
  { hair: 'variant34', hairColour: 'black', skin: 'deep', beard: 'variant01' },
  { hair: 'variant42', hairColour: 'grey', skin: 'porcelain', glasses: 'variant03' },
  { hair: 'variant09', hairColour: 'auburn', skin: 'brown' },
  { hair: 'variant45', hairColour: 'blonde', skin: 'tan', earrings: 'variant02' },
  { hair: 'variant47', hairColour: 'darkBrown', skin: 'light', glasses: 'variant05' },
  { hair: 'variant32', hairColour: 'black', skin: 'deep' },
  { hair: 'variant22', hairColour: 'brown', skin: 'tan', beard: 'variant02', glasses: 'variant01' },
  { hair: 'variant36', hairColour: 'red', skin: 'light', freckles: true },
  { hair: 'variant04', hairColour: 'grey', skin: 'brown', beard: 'variant01' },
  { hair: 'variant13', hairColour: 'blonde', skin: 'porcelain', earrings: 'variant03' },
  { hair: 'variant28', hairColour: 'black', skin: 'sand', glasses: 'variant04' },
];

// the features that tell faces apart less: each avatar gets its own mix (no winks, no frowns)
const EYES: Variant<'eyes'>[] = [
  'variant24',
  'variant21',
  'variant20',
  'variant18',
  'variant16',
  'variant14',
  'variant12',
  'variant10',
];
const EYEBROWS: Variant<'eyebrows'>[] = [
  'variant13',
  'variant12',
  'variant11',
  'variant10',
  'variant08',
  'variant06',
  'variant04',
  'variant02',
];
const MOUTHS: Variant<'mouth'>[] = [
  'happy01',
  'happy02',
  'happy03',
  'happy04',
  'happy05',
  'happy06',
  'happy09',
  'happy12',
  'happy14',
];
const NOSES: Variant<'nose'>[] = ['variant01', 'variant02', 'variant03', 'variant04', 'variant05', 'variant06'];
const HEADS: Variant<'head'>[] = ['variant01', 'variant02', 'variant03', 'variant04'];

/** The index (0–23) of an avatar id; an unknown id is the default avatar's. */
export function avatarIndex(avatar: string): number {
  const index = AVATARS.indexOf(avatar);
  return index >= 0 ? index : AVATARS.indexOf(DEFAULT_AVATAR);
}

/** The options of an avatar: every feature chosen, nothing left to the random generator. */
export function loreleiOptions(avatar: string): LoreleiOptions {
  const i = avatarIndex(avatar);
  const look = LOOKS[i];
  return {
    hair: [look.hair],
    hairColor: [HAIR_COLOURS[look.hairColour]],
    skinColor: [SKIN_TONES[look.skin]],
    eyes: [EYES[i % EYES.length]],
    eyebrows: [EYEBROWS[(i * 3) % EYEBROWS.length]],
    mouth: [MOUTHS[(i * 5) % MOUTHS.length]],
    nose: [NOSES[(i * 7) % NOSES.length]],
    head: [HEADS[i % HEADS.length]],
    beard: look.beard ? [look.beard] : ['variant01'],
    beardProbability: look.beard ? 100 : 0,
    glasses: look.glasses ? [look.glasses] : ['variant01'],
    glassesProbability: look.glasses ? 100 : 0,
    earrings: look.earrings ? [look.earrings] : ['variant01'],
    earringsProbability: look.earrings ? 100 : 0,
    frecklesProbability: look.freckles ? 100 : 0,
    hairAccessoriesProbability: 0,
  };
}
