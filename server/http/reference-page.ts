import type { JsonSchema } from '@valibot/to-json-schema';
import type { OpenApiDocument, Operation, Parameter } from './openapi';

/**
 * A readable reference of the API rendered on the server from the OpenAPI document: every path,
 * method, parameter, body field and answer. Plain HTML with one nonce'd style block and no script,
 * so it needs nothing from outside and works under a strict Content-Security-Policy.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/** `string`, `integer | null`, `array of object`... */
function typeOf(schema: JsonSchema): string {
  if ('$ref' in schema && typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'object';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map((s) => typeOf(s as JsonSchema)).join(' | ');
  if (schema.type === 'array' && schema.items) return `array of ${typeOf(schema.items as JsonSchema)}`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'any';
}

function rulesOf(schema: JsonSchema): string {
  const rules: string[] = [];
  const nested = schema.anyOf?.find((s) => (s as JsonSchema).type !== 'null') as JsonSchema | undefined;
  const s = nested ?? schema;
  const least = s.minLength ? s.minLength : undefined;
  if (least !== undefined && s.maxLength !== undefined) rules.push(`${least}..${s.maxLength} characters`);
  else if (least !== undefined) rules.push(`at least ${least} characters`);
  else if (s.maxLength !== undefined) rules.push(`at most ${s.maxLength} characters`);
  if (s.minimum !== undefined) rules.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined) rules.push(`≤ ${s.maximum}`);
  if (s.format) rules.push(s.format);
  if (s.pattern) rules.push(`matches ${code(s.pattern)}`);
  if (schema.default !== undefined) rules.push(`default ${code(JSON.stringify(schema.default))}`);
  if (schema.description) rules.push(escapeHtml(schema.description));
  return rules.join(', ');
}

/** The fields of an object schema as table rows, nested objects indented under their field. */
function fieldRows(schema: JsonSchema, prefix = ''): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, raw]) => {
    const field = raw as JsonSchema;
    const inner = field.type === 'array' ? (field.items as JsonSchema | undefined) : field;
    const row = `<tr><td>${code(prefix + name)}</td><td>${escapeHtml(typeOf(field))}</td><td>${
      required.has(name) ? 'yes' : 'no'
    }</td><td>${rulesOf(field)}</td></tr>`;
    const children = inner?.properties
      ? fieldRows(inner, `${prefix}${name}${field.type === 'array' ? '[].' : '.'}`)
      : [];
    return [row, ...children];
  });
}

function fieldTable(schema: JsonSchema): string {
  const rows = fieldRows(schema);
  if (rows.length === 0) return `<p>${escapeHtml(typeOf(schema))}</p>`;
  return `<table><thead><tr><th>field</th><th>type</th><th>required</th><th>rules</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function parameterTable(parameters: Parameter[]): string {
  const rows = parameters.map(
    (p) =>
      `<tr><td>${code(p.name)}</td><td>${p.in}</td><td>${escapeHtml(typeOf(p.schema))}</td><td>${
        p.required ? 'yes' : 'no'
      }</td><td>${rulesOf(p.schema)}</td></tr>`,
  );
  return `<table><thead><tr><th>name</th><th>in</th><th>type</th><th>required</th><th>rules</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const ACCESS_TEXT: Record<Operation['x-access'], string> = {
  session: 'needs a session (bearer token or session cookie)',
  'optional-session': 'a session is optional',
  'stream-token': 'needs a session (the session cookie, bearer token or the `token` query)',
  none: 'open',
};

type Refusals = Record<string, { description: string }>;

function answers(operation: Operation, refusals: Refusals): string {
  return Object.entries(operation.responses)
    .map(([status, raw]) => {
      const response = raw as {
        $ref?: string;
        description?: string;
        content?: Record<string, { schema: JsonSchema }>;
      };
      if (response.$ref) return `<li>${status}: ${escapeHtml(refusals[status]?.description ?? '')}</li>`;
      const [type, body] = Object.entries(response.content ?? {})[0] ?? [];
      const data = body?.schema.properties?.data as JsonSchema | undefined;
      const shown = data?.type === 'array' ? (data.items as JsonSchema) : (data ?? body?.schema);
      return `<li>${status}: ${escapeHtml(response.description ?? '')} (${escapeHtml(type ?? '')})${
        shown && type === 'application/json' ? fieldTable(shown) : ''
      }</li>`;
    })
    .join('');
}

function operationSection(method: string, path: string, operation: Operation, refusals: Refusals): string {
  const body = operation.requestBody?.content['application/json']?.schema;
  // An upload's body is the file itself: its accepted types instead of a field table.
  const upload = body ? [] : Object.keys(operation.requestBody?.content ?? {});
  return [
    `<section id="${escapeHtml(operation.operationId)}">`,
    `<h3><span class="method">${method.toUpperCase()}</span> ${code(path)}</h3>`,
    `<p>${escapeHtml(operation.summary)}. Access: ${escapeHtml(ACCESS_TEXT[operation['x-access']])}.</p>`,
    operation.description ? `<p>${escapeHtml(operation.description)}</p>` : '',
    operation.parameters.length ? `<h4>Parameters</h4>${parameterTable(operation.parameters)}` : '',
    body ? `<h4>JSON body</h4>${fieldTable(body)}` : '',
    upload.length
      ? `<h4>Body</h4><p>${escapeHtml(operation.requestBody?.description ?? '')} Types: ${upload.map(code).join(', ')}.</p>`
      : '',
    `<h4>Answers</h4><ul>${answers(operation, refusals)}</ul>`,
    '</section>',
  ].join('');
}

const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 2rem;color:#1b1b1f}' +
  'table{border-collapse:collapse;margin:.25rem 0 1rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}' +
  'code{background:#f1f1f4;padding:0 .2rem;border-radius:3px}section{border-top:1px solid #ddd;padding-top:.5rem}' +
  '.method{font-weight:700;color:#0b5cad}';

/**
 * The reference page. Only the first base's paths are listed: every call answers the same under
 * each base, as the introduction says. Paths under no base (the media routes) are listed as they are.
 */
export function referencePage(document: OpenApiDocument, bases: readonly string[], nonce: string): string {
  const [base = ''] = bases;
  const isUnderBase = (path: string) => bases.some((each) => path.startsWith(`${each}/`));
  const refusals = document.components.responses as Refusals;
  const sections = document.tags.map((tag) => {
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith(`${base}/`) || !isUnderBase(path))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) => operation.tags.includes(tag.name))
          .map(([method, operation]) =>
            operationSection(
              method,
              path.startsWith(`${base}/`) ? path.slice(base.length) : path,
              operation,
              refusals,
            ),
          ),
      );
    return `<h2 id="tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</h2><p>${escapeHtml(tag.description)}</p>${operations.join('')}`;
  });
  const contents = document.tags
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</a></li>`)
    .join('');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(document.info.title)}</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head><body>`,
    `<h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1>`,
    `<p>${escapeHtml(document.info.description)}</p>`,
    '<p>The machine-readable document: <a href="/spa/openapi.json">openapi.json</a> (OpenAPI 3.1). ',
    'Errors answer <code>{ "success": false, "message": "…", "errors"?: { "field": ["…"] } }</code>.</p>',
    `<nav><ul>${contents}</ul></nav>`,
    sections.join(''),
    '</body></html>',
  ].join('');
}
