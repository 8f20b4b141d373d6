/**
 * Learners' text as the admin commands print it (`npm run cli -- errors | support`): a report a
 * learner wrote must read on the terminal as it is stored. A carriage return would let it write over
 * its own line, and the controls that reorder text (bidirectional overrides, isolates, direction
 * marks) show it reversed; both are printed as escapes. Other controls never get in (server/http
 * fields refuse them).
 */

const ESCAPES: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const escaped = (char: string) =>
  ESCAPES[char] ?? `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;

/** Line ends other than \n, and the direction controls. */
const MISLEADING = String.raw`\r\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069`;
const IN_LINES = new RegExp(`[${MISLEADING}]`, 'g');
const IN_CELL = new RegExp(`[\\t\\n${MISLEADING}]`, 'g');

/** Text printed over lines of its own (a support message): its line feeds stay, indented by `indent`. */
export const asPrintedLines = (text: string, indent: string): string =>
  text.replace(IN_LINES, escaped).replaceAll('\n', `\n${indent}`);

/** Text printed in one cell of a tab-separated line: its tabs and line breaks are escaped too. */
export const asPrintedCell = (text: string): string => text.replace(IN_CELL, escaped);
