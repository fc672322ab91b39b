import { CHARACTER_COLOURS, type CharacterType } from '@sim/shared';
import { tokens } from '../../app/theme';
import { darkenToContrast, mix, readableOn } from './contrast';

/**
 * The spec's character colours (CHARACTER_COLOURS: coach #882647, agent #EB6D20, customer #2694D3, other
 * #2CB174) colour borders, rings and fills, as the spec says. Text shown with them reads at WCAG AA's 4.5:1:
 *
 * - text ON a character fill (the take screen's role chip) is white or black, whichever reads there
 *   (white on coach, black on agent, customer and other);
 * - text IN a character's colour (a role label, a heading of a character's card) is the colour itself where
 *   it reads on the app's light surfaces and on the character's own tints (coach), else its hue darkened
 *   until it does.
 */

const TYPES = Object.keys(CHARACTER_COLOURS) as CharacterType[];
const byType = (f: (colour: string) => string) =>
  Object.fromEntries(TYPES.map((t) => [t, f(CHARACTER_COLOURS[t])])) as Record<CharacterType, string>;

/** The light surfaces character text sits on: cards and dialogs, and the page behind them. */
export const CHARACTER_TEXT_SURFACES = [tokens.colour.paper, tokens.colour.background] as const;

/** The tints of a character's colour on cards that its text sits on: a draft line (8 %), a new line (14 %). */
export const CHARACTER_TINTS = [0.08, 0.14] as const;

/** Every surface a character's text sits on: the light surfaces and the character's tints of the card. */
export const characterTextSurfaces = (colour: string) => [
  ...CHARACTER_TEXT_SURFACES,
  ...CHARACTER_TINTS.map((a) => mix(colour, a, tokens.colour.paper)),
];

/** Text on a character's fill. */
export const CHARACTER_ON_COLOURS = byType((colour) => readableOn(colour));

/** Text in a character's colour on the light surfaces. */
export const CHARACTER_TEXT_COLOURS = byType((colour) => darkenToContrast(colour, characterTextSurfaces(colour)));
