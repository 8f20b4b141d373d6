/**
 * Writes src/features/account/profile/zoneCities/<language>.json: the city of each time zone in ru
 * and es, from CLDR's exemplar cities (the cldr-dates-full package), for the profile's time-zone
 * list. The browser names the zones in the learner's language but not their cities, which the list
 * otherwise takes from the IANA id, in English. Only the cities that differ from the one the id
 * spells are written, so the files stay small; the app ships them and never reads the package.
 *
 * Run with `npm run i18n:zone-cities` after updating cldr-dates-full.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGUAGES = ['ru', 'es'];
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'src/features/account/profile/zoneCities');
const require = createRequire(import.meta.url);

/** `{ "Europe/Moscow": "Москва", ... }`: the zones of one language's timeZoneNames.json that name a city. */
function exemplarCities(language) {
  const file = require.resolve(`cldr-dates-full/main/${language}/timeZoneNames.json`);
  const zones = JSON.parse(readFileSync(file, 'utf8')).main[language].dates.timeZoneNames.zone;
  const cities = {};
  // Zones nest by the id's segments (zone.America.Argentina.Salta); a zone's object has `_type: "zone"`.
  const walk = (node, path) => {
    if (node._type === 'zone') {
      if (typeof node.exemplarCity === 'string') cities[path.join('/')] = node.exemplarCity;
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (child && typeof child === 'object') walk(child, [...path, key]);
    }
  };
  walk(zones, []);
  return cities;
}

/** The zone an engine that canonicalizes as CLDR does (V8 with ICU) takes `zone` for, or null if it rejects it. */
function canonical(zone) {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

// CLDR keys its zones by its own ids (Asia/Calcutta, America/Buenos_Aires), which some browsers list
// (Chrome) and others replace by today's IANA ids (Asia/Kolkata, America/Argentina/Buenos_Aires,
// Firefox). The IANA id is found by trying the English city and the Argentine, Indiana and
// Kentucky folders, kept only when the engine maps it back to the CLDR id. That check needs an
// engine that canonicalizes, or the output would change with the Node version.
if (canonical('Asia/Kolkata') !== 'Asia/Calcutta') {
  console.error('This Node does not map Asia/Kolkata to Asia/Calcutta; run the script with Node 20.');
  process.exit(1);
}

/** The IANA ids that name the CLDR zone `zone` differently, its English city being `englishCity`. */
function ianaAliases(zone, englishCity) {
  const slash = zone.lastIndexOf('/');
  const area = zone.slice(0, slash);
  const names = new Set([zone.slice(slash + 1), englishCity.replaceAll(' ', '_')]);
  const areas = new Set([area]);
  if (area === 'America') {
    for (const folder of ['Argentina', 'Indiana', 'Kentucky']) areas.add(`America/${folder}`);
  }
  const aliases = [];
  for (const candidateArea of areas) {
    for (const name of names) {
      const candidate = `${candidateArea}/${name}`;
      if (candidate !== zone && canonical(candidate) === zone) aliases.push(candidate);
    }
  }
  return aliases;
}

/** The city the app shows when it has no translation: the id's last segment, as timeZoneOptions.ts spells it. */
const cityOfId = (zone) => zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ');

const english = exemplarCities('en');
mkdirSync(outDir, { recursive: true });
for (const language of LANGUAGES) {
  const table = {};
  for (const [zone, city] of Object.entries(exemplarCities(language))) {
    if (!zone.includes('/') || zone.startsWith('Etc/')) continue;
    const ids = [zone, ...ianaAliases(zone, english[zone] ?? cityOfId(zone))];
    for (const id of ids) if (city !== cityOfId(id)) table[id] = city;
  }
  const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const file = join(outDir, `${language}.json`);
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${file}: ${Object.keys(sorted).length} zones`);
}
