// The page: one Server-Sent Events stream from the panel's backend (/api/stream) feeds every part
// of it. `hello` carries the whole state when the stream opens (again after a reconnect), then
// `players`, `core-event`, `metrics` and `core-state` carry changes. Everything from the server is
// put in the page as text (textContent), never as HTML: player names and chat are user input.

import { drawGraph } from './graph.js';

const EVENTS_SHOWN = 50;
const state = { players: [], currency: null, samples: [], events: [] };
const $ = (id) => document.getElementById(id);

function formatMoney(money) {
  if (!money) return '…';
  const c = state.currency;
  if (c && money.currency === c.name) {
    const n = money.amount.toLocaleString('en-US', { minimumFractionDigits: c.decimalPlaces, maximumFractionDigits: c.decimalPlaces });
    return `${c.symbol}${n}`;
  }
  return `${money.amount.toLocaleString('en-US')} ${money.currency}`;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderPlayers(snapshot) {
  const before = new Map(state.players.map((p) => [p.uuid, p.balance && p.balance.amount]));
  state.players = snapshot.players;
  state.currency = snapshot.currency;
  const rows = snapshot.players.map((p) => {
    const tr = el('tr');
    tr.dataset.uuid = p.uuid;
    tr.append(el('td', 'name', p.name), el('td', 'world', p.world));
    const balance = el('td', 'num balance', formatMoney(p.balance));
    const old = before.get(p.uuid);
    if (old !== undefined && old !== null && p.balance && old !== p.balance.amount) balance.classList.add('changed');
    tr.append(balance);
    return tr;
  });
  $('players').replaceChildren(...rows);
  $('player-count').textContent = String(snapshot.players.length);
  $('players-empty').hidden = snapshot.players.length > 0;
  $('players-error').hidden = !snapshot.error;
  $('players-error').textContent = snapshot.error ? `Could not read the players: ${snapshot.error}` : '';
}

/** One line about an event: who, and its most telling fields. */
function summary(e) {
  const d = e.data;
  const who = typeof d['player-name'] === 'string' ? d['player-name'] : '';
  if (d.amount && d.balance && typeof d.amount === 'object') {
    const sign = /debit|reject|bank-deposit|loan-repay/.test(e.event) ? '−' : '+';
    return `${who} ${sign}${formatMoney(d.amount)} → ${formatMoney(d.balance)}`;
  }
  const skip = new Set(['player-id', 'player-name', 'occurred-at']);
  const parts = Object.entries(d)
    .filter(([k, v]) => !skip.has(k) && v !== null && typeof v !== 'object')
    .slice(0, 3)
    .map(([k, v]) => `${k}: ${v}`);
  return [who, ...parts].filter(Boolean).join(' · ');
}

function eventItem(e, fresh) {
  const li = el('li', fresh ? 'new' : '');
  const at = new Date(e.data['occurred-at'] ?? e.receivedAt);
  const time = el('time', '', at.toLocaleTimeString('en-GB'));
  time.dateTime = at.toISOString();
  li.append(time, el('span', `name ${e.event.split('.')[0]}`, e.event), el('span', 'summary', summary(e)));
  return li;
}

function renderEvents(events) {
  state.events = events.slice(0, EVENTS_SHOWN);
  $('events').replaceChildren(...state.events.map((e) => eventItem(e, false)));
  $('events-empty').hidden = state.events.length > 0;
}

function addEvent(e) {
  state.events.unshift(e);
  const list = $('events');
  list.prepend(eventItem(e, true));
  while (state.events.length > EVENTS_SHOWN) {
    state.events.pop();
    list.lastElementChild.remove();
  }
  $('events-empty').hidden = true;
}

function renderMetrics() {
  const last = state.samples[state.samples.length - 1];
  // The first scrape after a gap has no rate yet: the one before it stays shown meanwhile.
  const lastRps = last && !last.error ? [...state.samples].reverse().find((s) => s.rps !== null) : undefined;
  $('tps-value').textContent = last && last.tps !== null ? last.tps.toFixed(1) : '–';
  $('rps-value').textContent = lastRps ? lastRps.rps.toFixed(1) : '–';
  const note = $('metrics-note');
  note.hidden = !(last && last.error);
  note.textContent = last && last.error ? `No metrics: ${last.error}` : '';
  note.classList.toggle('error', Boolean(last && last.error));
  drawGraph($('graph'), state.samples);
}

function renderState(core) {
  const status = $('status');
  status.className = `status ${core.state}`;
  status.textContent =
    core.state === 'live'
      ? 'Live'
      : core.state === 'connecting'
        ? 'Connecting to the server…'
        : core.state === 'stopped'
          ? `Event stream stopped (${core.reason}); restart the panel`
          : `Event stream down (${core.reason}); retrying in ${Math.ceil(core.inMs / 1000)} s`;
}

const stream = new EventSource('/api/stream');
stream.addEventListener('hello', (m) => {
  const hello = JSON.parse(m.data);
  state.samples = hello.samples;
  renderPlayers(hello.players);
  renderEvents(hello.events);
  renderMetrics();
  renderState(hello.core);
});
stream.addEventListener('players', (m) => renderPlayers(JSON.parse(m.data)));
stream.addEventListener('core-event', (m) => addEvent(JSON.parse(m.data)));
stream.addEventListener('core-state', (m) => renderState(JSON.parse(m.data)));
stream.addEventListener('metrics', (m) => {
  state.samples.push(JSON.parse(m.data));
  if (state.samples.length > 120) state.samples.shift();
  renderMetrics();
});
stream.addEventListener('error', () => {
  const status = $('status');
  status.className = 'status down';
  status.textContent = 'Panel backend unreachable; retrying…';
});

// The graph scrolls with time and follows the page's width.
setInterval(() => drawGraph($('graph'), state.samples), 1000);
window.addEventListener('resize', () => drawGraph($('graph'), state.samples));
