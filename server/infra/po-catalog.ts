import { readFileSync } from 'node:fs';

/** A .po string's escapes, as lingui writes them. */
const unescapePo = (text: string) =>
  text.replace(/\\(["\\nt])/g, (_all, ch: string) => ({ n: '\n', t: '\t' })[ch] ?? ch);

/**
 * The translations of one of the app's catalogs (`locales/<language>/<area>.po`), by their source
 * text: what the server needs to write a few of the app's own texts into a page it sends. Plain
 * entries only (msgid and msgstr, each on one line or continued on the next), which is all lingui
 * writes for messages without plurals; an entry without a translation is its source text.
 */
export function readPoCatalog(file: string): ReadonlyMap<string, string> {
  const catalog = new Map<string, string>();
  let key: 'msgid' | 'msgstr' | null = null;
  let entry = { msgid: '', msgstr: '' };
  const finish = () => {
    if (entry.msgid) catalog.set(entry.msgid, entry.msgstr || entry.msgid);
    entry = { msgid: '', msgstr: '' };
  };
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const start = /^(msgid|msgstr) "(.*)"$/.exec(line);
    const more = /^"(.*)"$/.exec(line);
    if (start?.[1] === 'msgid') finish();
    if (start) {
      key = start[1] as 'msgid' | 'msgstr';
      entry[key] = unescapePo(start[2] as string);
    } else if (more && key) entry[key] += unescapePo(more[1] as string);
    else key = null;
  }
  finish();
  return catalog;
}
