// The API reference page: one self-contained HTML document rendered from the OpenAPI and AsyncAPI
// documents. Inline style and a few lines of inline script (the filter box), nothing fetched from
// elsewhere, no web font: game servers often run offline. Every text taken from the documents goes
// through esc(), attributes included. The listener serves it at /api/v1/docs and `npm run openapi`
// writes it to docs/reference.html; the output depends on the documents only (no date), so the
// committed file can be checked for staleness.

import { byArea, curlOf, EXAMPLE_VARIABLES, exampleFor, parametersOf, bodySchemaOf, answerSchemaOf, type Operation } from './api-examples.ts';
import type { Json } from './json-schema.ts';
import { fieldsOf, resolve, type Field } from './reference-schema.ts';

/** Text as HTML, safe in element content and in quoted attributes. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The little Markdown the documents' descriptions use: paragraphs, `code` and **bold**; escaped first. */
export function inlineMarkdown(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => {
      const html = esc(para.trim())
        .replace(/`([^`]+)`/g, '<code>$1</code>')
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
      return `<p>${html}</p>`;
    })
    .join('\n');
}

const CSS = `
:root{--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--soft:#f6f8fa;--accent:#0969da;--get:#1a7f37;--post:#9a6700;--ws:#8250df}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--soft:#151b23;--accent:#4493f8;--get:#3fb950;--post:#d29922;--ws:#ab7df8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
code{background:var(--soft);padding:.1em .3em;border-radius:4px}
pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:10px 12px;overflow-x:auto}
pre code{background:none;padding:0}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
nav{position:fixed;top:0;bottom:0;left:0;width:250px;overflow-y:auto;border-right:1px solid var(--line);padding:16px;background:var(--soft)}
nav input{width:100%;padding:6px 8px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit}
nav ul{list-style:none;margin:12px 0;padding:0}nav li a{display:flex;justify-content:space-between;padding:2px 6px;border-radius:4px;color:var(--fg)}
nav li a:hover{background:var(--line);text-decoration:none}nav .n{color:var(--muted);font-size:12px}
nav h2{font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin:16px 0 4px}
main{margin-left:250px;padding:24px 40px 80px;max-width:1100px}
h1{margin:0 0 4px;font-size:28px}h2{margin:40px 0 12px;padding-bottom:6px;border-bottom:1px solid var(--line)}
h3{margin:0;font-size:16px;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.sub{color:var(--muted);margin:0 0 16px}
.note{border-left:4px solid var(--accent);background:var(--soft);padding:8px 14px;border-radius:0 6px 6px 0}
article{border:1px solid var(--line);border-radius:8px;padding:14px 16px;margin:14px 0}
.m{font:700 12px/1 ui-monospace,monospace;padding:4px 7px;border-radius:4px;color:#fff}
.m-get{background:var(--get)}.m-post{background:var(--post)}.m-ws{background:var(--ws)}
.meta{color:var(--muted);font-size:13px;margin:6px 0}.meta b{color:var(--fg);font-weight:600}
table{border-collapse:collapse;width:100%;margin:6px 0 10px;font-size:14px}
th,td{text-align:left;vertical-align:top;padding:4px 8px;border-bottom:1px solid var(--line)}
th{font-size:12px;color:var(--muted);font-weight:600}td:first-child{white-space:nowrap}
h4{margin:12px 0 2px;font-size:13px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
.codes{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0}.codes span{border:1px solid var(--line);border-radius:12px;padding:1px 8px;font-size:12px}
.req{color:var(--post);font-size:12px}details summary{cursor:pointer;color:var(--muted);font-size:13px}
@media (max-width:800px){nav{position:static;width:auto;border-right:0}main{margin-left:0;padding:16px}}
`;

// The filter box: hides the routes and events whose method, path, name or summary lack the text.
const SCRIPT = `
const box=document.getElementById('filter');
box.addEventListener('input',()=>{const q=box.value.trim().toLowerCase();
for(const el of document.querySelectorAll('[data-search]'))el.hidden=q!==''&&!el.dataset.search.includes(q);
for(const s of document.querySelectorAll('section.area'))s.hidden=q!==''&&!s.querySelector('[data-search]:not([hidden])');});
`;

function fieldTable(fields: readonly Field[], withIn = false, ins: readonly string[] = []): string {
  if (fields.length === 0) return '';
  const rows = fields.map(
    (f, i) =>
      `<tr><td><code>${esc(f.name)}</code>${f.required ? ' <span class="req">required</span>' : ''}</td>${withIn ? `<td>${esc(ins[i] ?? '')}</td>` : ''}<td>${esc(f.type)}</td><td>${inlineMarkdown(f.description).replace(/^<p>|<\/p>$/g, '')}</td></tr>`,
  );
  return `<table><thead><tr><th>Name</th>${withIn ? '<th>In</th>' : ''}<th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The refusals an operation lists: status and code, its description on hover. */
function refusals(openapi: Json, op: Json): string {
  const chips: string[] = [];
  for (const [status, raw] of Object.entries((op.responses as Record<string, Json> | undefined) ?? {})) {
    if (status === '200' || status === '101') continue;
    const r = resolve(openapi, raw);
    const example = ((r.content as Record<string, Json> | undefined)?.['application/json']?.example as Json | undefined)?.code;
    const code = typeof example === 'string' ? example : status === '404' ? 'not-found' : '';
    chips.push(`<span title="${esc(r.description ?? '')}"><b>${esc(status)}</b> ${esc(code)}</span>`);
  }
  return chips.length ? `<h4>Refused with</h4><div class="codes">${chips.join('')}</div>` : '';
}

function operationHtml(openapi: Json, o: Operation): string {
  const { op } = o;
  const params = parametersOf(openapi, op);
  const paramFields: Field[] = params.map((p) => ({
    name: String(p.name),
    type: fieldsOf(openapi, { properties: { x: (p.schema as Json | undefined) ?? {} } })[0]?.type ?? 'string',
    required: p.required === true,
    description: typeof p.description === 'string' ? p.description : '',
  }));
  const body = bodySchemaOf(op);
  const answer = answerSchemaOf(op);
  const ws = o.path.endsWith('/events');
  const example = ws ? undefined : exampleFor(openapi, o);
  const scope = o.scope === null ? 'none: open without a token' : o.scope;
  const search = `${o.method} ${o.path} ${op.summary ?? ''} ${o.tag}`.toLowerCase();
  return `<article id="${esc(op.operationId ?? '')}" data-search="${esc(search)}">
<h3><span class="m ${ws ? 'm-ws' : o.method === 'GET' ? 'm-get' : 'm-post'}">${ws ? 'WS' : esc(o.method)}</span><code>${esc(o.path)}</code></h3>
<p>${esc(op.summary ?? '')}</p>
<div class="meta">Scope <b>${esc(scope)}</b>${typeof op['x-module'] === 'string' ? ` · module <b>${esc(op['x-module'])}</b>` : ''}</div>
${typeof op.description === 'string' ? inlineMarkdown(op.description) : ''}
${paramFields.length ? `<h4>Parameters</h4>${fieldTable(paramFields, true, params.map((p) => String(p.in)))}` : ''}
${body ? `<h4>Body (JSON)</h4>${fieldTable(fieldsOf(openapi, body))}` : ''}
${answer ? `<h4>Answer <code>data</code></h4>${fieldTable(fieldsOf(openapi, answer)) || `<p>${esc(resolve(openapi, answer).type ?? '')}</p>`}` : ''}
${refusals(openapi, op)}
${example ? `<h4>Example</h4><pre><code>${esc(curlOf(o, example))}</code></pre>` : ''}
${example?.answer !== undefined ? `<details><summary>Example answer</summary><pre><code>${esc(JSON.stringify(example.answer, null, 2))}</code></pre></details>` : ''}
</article>`;
}

const EVENT_NAME = /^[a-z]+\.[a-z-]+$/;

function eventsHtml(asyncapi: Json): { nav: string; body: string } {
  const info = (asyncapi.info as Json | undefined) ?? {};
  const messages = ((asyncapi.components as Json | undefined)?.messages as Record<string, Json> | undefined) ?? {};
  const control = Object.entries(messages).filter(([name]) => !EVENT_NAME.test(name));
  const events = Object.entries(messages).filter(([name]) => EVENT_NAME.test(name));
  const controlRows = control.map(([name, m]) => `<tr><td><code>${esc(name)}</code></td><td>${inlineMarkdown(String(m.summary ?? '')).replace(/^<p>|<\/p>$/g, '')}</td></tr>`);
  const articles = events.map(([name, m]) => {
    const data = ((m.payload as Json | undefined)?.properties as Record<string, Json> | undefined)?.data ?? {};
    return `<article id="event-${esc(name)}" data-search="${esc(`${name} ${m.summary ?? ''}`.toLowerCase())}">
<h3><span class="m m-ws">EVENT</span><code>${esc(name)}</code></h3>
${typeof m.summary === 'string' ? `<p>${esc(m.summary)}</p>` : ''}
<h4><code>data</code></h4>${fieldTable(fieldsOf(asyncapi, data))}
</article>`;
  });
  const contexts = [...new Set(events.map(([n]) => n.split('.')[0] ?? ''))];
  return {
    nav: `<li><a href="#events">Event stream <span class="n">${events.length}</span></a></li>`,
    body: `<section id="events" class="area"><h2>Event stream</h2>
${inlineMarkdown(String(info.description ?? ''))}
<h4>Protocol messages</h4><table><thead><tr><th>Message</th><th>Meaning</th></tr></thead><tbody>${controlRows.join('')}</tbody></table>
<p>Contexts for <code>&lt;context&gt;.*</code> patterns: ${contexts.map((c) => `<code>${esc(c)}</code>`).join(', ')}.</p>
<h4>Example</h4><pre><code>${esc('npx wscat -H "Authorization: Bearer $TOKEN" -c ws://127.0.0.1:8123/api/v1/events\n> {"subscribe": ["economy.*"]}')}</code></pre>
${articles.join('\n')}
</section>`,
  };
}

/** The whole page. */
export function renderReferenceHtml(openapi: Json, asyncapi: Json): string {
  const info = (openapi.info as Json | undefined) ?? {};
  const title = String(info.title ?? 'API reference');
  const areas = byArea(openapi);
  const open = [...areas.values()].flat().filter((o) => o.scope === null);
  const nav: string[] = [];
  const sections: string[] = [];
  for (const [tag, ops] of areas) {
    if (tag === 'events' || ops.length === 0) continue;
    nav.push(`<li><a href="#area-${esc(tag)}">${esc(tag)} <span class="n">${ops.length}</span></a></li>`);
    sections.push(`<section id="area-${esc(tag)}" class="area"><h2>${esc(tag)}</h2>\n${ops.map((o) => operationHtml(openapi, o)).join('\n')}\n</section>`);
  }
  const stream = [...areas.values()].flat().find((o) => o.tag === 'events');
  const events = eventsHtml(asyncapi);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} ${esc(info.version ?? '')}</title>
<style>${CSS}</style>
</head>
<body>
<nav>
<input id="filter" type="search" placeholder="Filter routes and events" aria-label="Filter routes and events">
<h2>Start</h2>
<ul><li><a href="#authentication">Authentication</a></li>${stream ? '<li><a href="#area-events">Opening the stream</a></li>' : ''}</ul>
<h2>Areas</h2>
<ul>${nav.join('')}</ul>
<h2>Events</h2>
<ul>${events.nav}</ul>
</nav>
<main>
<h1>${esc(title)}</h1>
<p class="sub">Version ${esc(info.version ?? '')} · API ${esc(info['x-api-version'] ?? '')} · base URL <code>http://&lt;bind&gt;:&lt;port&gt;/api/${esc(info['x-api-version'] ?? '')}</code></p>
<p class="note">${
    open.length
      ? `Open without a token: ${open.map((o) => `<code>${esc(`${o.method} ${o.path}`)}</code>`).join(', ')} (limited per remote address, and switched off with <code>reference = false</code> in rest.conf). <strong>Every other path needs a token</strong>, sent as shown below.`
      : '<strong>Every path needs a token</strong>, sent as shown below.'
  }</p>
<p>The examples are curl commands for a shell where ${Object.entries(EXAMPLE_VARIABLES)
    .map(([name, what]) => `<code>$${esc(name)}</code> holds ${inlineMarkdown(what).replace(/^<p>|<\/p>$/g, '')}`)
    .join('; ')} (docs/api/README.md in the repository sets them up).</p>
<section id="authentication"><h2>Authentication, answers and limits</h2>
${inlineMarkdown(String(info.description ?? ''))}
</section>
${stream ? `<section id="area-events" class="area"><h2>Opening the stream</h2>${operationHtml(openapi, stream)}</section>` : ''}
${sections.join('\n')}
${events.body}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
