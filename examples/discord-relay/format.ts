// How a moderation event reads in Discord: one webhook message with one embed. Pure functions of the
// event, so they are tested without a server or Discord. The switch covers every moderation event
// of asyncapi.json (the `never` at its end fails the typecheck when the catalogue gains one).

import type { EventMessage } from '../../clients/typescript/src/index.ts';

export type ModerationEvent = Extract<EventMessage, { event: `moderation.${string}` }>;

export interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface Embed {
  title: string;
  description?: string;
  color: number;
  fields: EmbedField[];
  timestamp: string;
  footer: { text: string };
}

/** The body of a Discord webhook execution (https://discord.com/developers/docs/resources/webhook#execute-webhook). */
export interface WebhookMessage {
  username: string;
  embeds: Embed[];
  /** No mention in a reason or name pings anyone. */
  allowed_mentions: { parse: [] };
}

const COLOR = { ban: 0xe03131, mute: 0xf08c00, warn: 0xfab005, lifted: 0x2f9e44, info: 0x1c7ed6 } as const;

export function isModerationEvent(e: EventMessage): e is ModerationEvent {
  return e.event.startsWith('moderation.');
}

/** Whole seconds in their two largest units: `90061` → `1d 1h`, `600` → `10m`; null → `permanent`. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return 'permanent';
  const units: Array<[string, number]> = [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ];
  const parts: string[] = [];
  let rest = seconds;
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  return parts.slice(0, 2).join(' ') || '0s';
}

/** Discord refuses an empty field value and cuts none: values are filled and kept within 1024 characters. */
function field(name: string, value: string | null | undefined, inline = true): EmbedField {
  const text = value === null || value === undefined || value === '' ? '—' : value;
  return { name, value: text.length > 1024 ? `${text.slice(0, 1023)}…` : text, inline };
}

const names = (players: ReadonlyArray<{ 'player-name': string }>): string => players.map((p) => p['player-name']).join(', ');

export function embedFor(e: ModerationEvent): Embed {
  const d = e.data;
  const base = { timestamp: d['occurred-at'], footer: { text: e.event } };
  switch (e.event) {
    case 'moderation.player-tempban': {
      const t = e.data;
      const permanent = t['duration-seconds'] === null;
      return {
        ...base,
        title: `${t['player-name']} was ${permanent ? 'banned' : 'temporarily banned'}`,
        color: COLOR.ban,
        fields: [field('Player', t['player-name']), field('By', t.actor), field('Duration', formatDuration(t['duration-seconds'])), field('Reason', t.reason, false), ...(permanent ? [] : [field('Expires', t['expires-at'])])],
      };
    }
    case 'moderation.player-mute': {
      const t = e.data;
      return {
        ...base,
        title: `${t['player-name']} was muted`,
        color: COLOR.mute,
        fields: [field('Player', t['player-name']), field('By', t.actor), field('Duration', formatDuration(t['duration-seconds'])), field('Reason', t.reason, false)],
      };
    }
    case 'moderation.player-unmute':
      return {
        ...base,
        title: `${e.data['player-name']} was unmuted`,
        ...(e.data.cause === 'expired' ? { description: 'The mute expired.' } : {}),
        color: COLOR.lifted,
        fields: [field('Player', e.data['player-name']), field('By', e.data.actor ?? 'expiry')],
      };
    case 'moderation.player-jail': {
      const t = e.data;
      return {
        ...base,
        title: `${t['player-name']} was jailed`,
        color: COLOR.mute,
        fields: [field('Player', t['player-name']), field('Jail', t.jail), field('By', t.actor), field('Duration', formatDuration(t['duration-seconds'])), field('Reason', t.reason, false)],
      };
    }
    case 'moderation.player-unjail':
      return {
        ...base,
        title: `${e.data['player-name']} was released from jail`,
        ...(e.data.cause === 'expired' ? { description: 'The sentence ended.' } : {}),
        color: COLOR.lifted,
        fields: [field('Player', e.data['player-name']), field('Jail', e.data.jail), field('By', e.data.actor ?? 'expiry')],
      };
    case 'moderation.player-warn':
      return {
        ...base,
        title: `${e.data['player-name']} was warned`,
        color: COLOR.warn,
        fields: [field('Player', e.data['player-name']), field('By', e.data.actor), field('Warnings', String(e.data.warnings)), field('Reason', e.data.reason, false)],
      };
    case 'moderation.ip-ban':
      return {
        ...base,
        title: `An address was banned`,
        color: COLOR.ban,
        fields: [field('Address', e.data.address), field('By', e.data.actor), field('Duration', formatDuration(e.data['duration-seconds'])), field('Players', names(e.data.players), false), field('Reason', e.data.reason, false)],
      };
    case 'moderation.alt-detected':
      return {
        ...base,
        title: `${e.data['player-name']} shares an address with other accounts`,
        color: COLOR.info,
        fields: [field('Player', e.data['player-name']), field('Other accounts', names(e.data.alts), false)],
      };
    case 'moderation.jail-location-define':
      return {
        ...base,
        title: `Jail ${e.data.jail} ${e.data.replaced ? 'moved' : 'defined'}`,
        color: COLOR.info,
        fields: [field('By', e.data.actor), field('Where', `${e.data.location.world} ${Math.round(e.data.location.x)} ${Math.round(e.data.location.y)} ${Math.round(e.data.location.z)}`)],
      };
    case 'moderation.jail-location-remove':
      return { ...base, title: `Jail ${e.data.jail} removed`, color: COLOR.info, fields: [field('By', e.data.actor)] };
    default: {
      const unknown: never = e;
      throw new Error(`no format for ${(unknown as { event: string }).event}`);
    }
  }
}

export function webhookMessage(e: ModerationEvent, username = 'Core moderation'): WebhookMessage {
  return { username, embeds: [embedFor(e)], allowed_mentions: { parse: [] } };
}
