/**
 * Characters a one-line field (a name, a city, a code) refuses beyond the controls and direction
 * controls of src/domain/oneLine.ts: those that show nothing or nothing defined, with which a name
 * could show as something else than what is stored, or as nothing a reader can tell apart.
 *
 * - Format characters (General_Category Cf): zero-width space, word joiner, BOM, soft hyphen, tag
 *   characters and the rest. Three uses of them are how some names are spelt, and stay:
 *   - ZERO WIDTH NON-JOINER (U+200C) and JOINER (U+200D) after a letter (or mark) of a script whose
 *     letters join or form conjuncts (Arabic, Syriac, the Indic scripts): Persian writes می‌خواهم
 *     with a non-joiner, Devanagari a half letter with a joiner, Malayalam a chillu with one at the
 *     end of a word. After Latin, Cyrillic or Greek letters they change nothing one sees: refused;
 *   - ZERO WIDTH JOINER (U+200D) between two emoji (👨‍👩‍👧, 🏳️‍🌈, 👩🏽‍💻): after an emoji, its skin tone
 *     or its variation selector U+FE0F (a mark, Mn, not Cf), and before an emoji;
 *   - a flag's tag sequence (🏴 U+1F3F4, tag letters or digits, CANCEL TAG U+E007F: 🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 * - Unassigned code points and noncharacters (Cn: U+FFFF, U+FDD0…): no font draws them. Code points
 *   Unicode keeps for emoji (Extended_Pictographic) stay, so an emoji newer than this runtime's Unicode
 *   tables is not refused as unassigned.
 * - Private-use code points (Co): what they show depends on the font of whoever reads them.
 *
 * One regex, compiled once; text without any of these costs one scan.
 */

/** What may come right before a joiner of an emoji sequence: an emoji, its skin tone, its U+FE0F. */
const EMOJI_BEFORE_JOINER = String.raw`[\p{Extended_Pictographic}\p{Emoji_Modifier}]\uFE0F?`;
/**
 * Tag letters a–z and digits 0–9: what a flag's tag sequence spells, a region and subdivision code
 * (gbeng, gbsct, gbwls, usca: CLDR's are at most 7 long). The bound keeps each look around short:
 * a long run of tags costs a few steps per character, not the length of the run.
 */
const TAG_SPEC = String.raw`[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]`;
const TAG_SPEC_MAX = 8;
const FLAG_BASE = String.raw`\u{1F3F4}`;
const CANCEL_TAG = String.raw`\u{E007F}`;

/** Letters and marks of the scripts whose spelling uses the (non-)joiner (see above). */
const JOINING_SCRIPT = String.raw`[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}]`;

const HIDDEN_SOURCE = [
  // Cf, Cn and Co, but for the joiner and the tag characters (judged by their place below) and the
  // code points kept for emoji. Each alternative starts with the character it judges, so a position
  // that holds none of them is passed over at once.
  String.raw`[\p{Cf}\p{Cn}\p{Co}](?<![\u200C\u200D\u{E0020}-\u{E007F}\p{Extended_Pictographic}])`,
  // A non-joiner that follows no letter of a joining script.
  String.raw`\u200C(?<!${JOINING_SCRIPT}\u200C)`,
  // A joiner that joins no two emoji and follows no letter of a joining script.
  String.raw`\u200D(?!(?<=${EMOJI_BEFORE_JOINER}\u200D)\p{Extended_Pictographic})(?<!${JOINING_SCRIPT}\u200D)`,
  // A tag letter or digit outside a flag's tag sequence.
  `${TAG_SPEC}(?:(?<!${FLAG_BASE}${TAG_SPEC}{1,${TAG_SPEC_MAX}})|(?!${TAG_SPEC}{0,${TAG_SPEC_MAX - 1}}${CANCEL_TAG}))`,
  // A cancel tag that ends no such sequence.
  `${CANCEL_TAG}(?<!${FLAG_BASE}${TAG_SPEC}{1,${TAG_SPEC_MAX}}${CANCEL_TAG})`,
  // The other tag characters (capitals, punctuation, space): no emoji uses them.
  String.raw`[\u{E0020}-\u{E002F}\u{E003A}-\u{E0060}\u{E007B}-\u{E007E}]`,
].join('|');

const HIDDEN = new RegExp(HIDDEN_SOURCE, 'u');
const HIDDEN_ALL = new RegExp(HIDDEN_SOURCE, 'gu');

/** Whether `value` holds a character a one-line field refuses (see above). */
export const hasHiddenCharacters = (value: string): boolean => HIDDEN.test(value);

/**
 * `value` without those characters, for text that is not a person's own input (a name a social
 * network gives). Each is judged in the text as given, so the joiners of an emoji sequence stay.
 */
export const withoutHiddenCharacters = (value: string): string => value.replace(HIDDEN_ALL, '');
