// The /coreapi command (docs/decisions.md, "Tokens"): issue, list and revoke tokens, and show the
// listener with its subscribers. Behind core.rest.admin; the console holds it. A secret is shown
// once: a single line at the console, a click-to-copy component in game.

import type { CoreApi } from '../core/api.ts';
import type { CommandContext, CommandDefinition } from '../core/commands.ts';
import type { TextComponent } from '../platform/platform.ts';
import { ADMIN_PERMISSION, parseScopes, SCOPES, type TokenStore } from './tokens.ts';

export interface CoreApiCommandOptions {
  tokens: TokenStore;
  api: CoreApi;
  /** Lines describing the listener and its subscribers, for `/coreapi status`. */
  status(): string[];
}

const USAGE = 'coreapi token create <label> [scopes] | coreapi token list | coreapi token revoke <label> | coreapi status';

function createdLine(label: string, scopes: readonly string[]): string {
  return `Token ${label} created with scopes ${scopes.join(',')}. Secret: `;
}

export function coreApiCommand(o: CoreApiCommandOptions): CommandDefinition {
  async function create(ctx: CommandContext, label: string | undefined, scopeArg: string | undefined): Promise<void> {
    if (label === undefined) return ctx.reply('Usage: coreapi token create <label> [scopes]');
    const scopes = parseScopes(scopeArg);
    if (scopes === undefined) return ctx.reply(`Scopes are a comma-separated list of ${SCOPES.join(', ')}.`);
    const r = await o.tokens.create(label, scopes, ctx.actor);
    if (!r.ok) return ctx.reply(r.message);
    await o.api.audit.record({ actor: ctx.actor, action: 'core-rest.token-create', target: null, details: { label, scopes: r.value.scopes } });
    const { secret } = r.value;
    if (ctx.sender.kind === 'console') {
      // Exactly one line (docs/decisions.md, "How the server runs"); it is a reply to the operator, not
      // a log line: shown on standard output, never written to logs/latest.log.
      ctx.reply(createdLine(label, r.value.scopes) + secret, { secret: true });
      return;
    }
    const message: TextComponent = {
      text: createdLine(label, r.value.scopes),
      color: 'gray',
      extra: [
        {
          text: secret,
          color: 'green',
          underlined: true,
          clickEvent: { action: 'copy_to_clipboard', value: secret },
          hoverEvent: { action: 'show_text', contents: 'Click to copy. The secret is shown only this once.' },
        },
      ],
    };
    ctx.reply(message);
  }

  async function list(ctx: CommandContext): Promise<void> {
    const tokens = await o.tokens.list();
    if (tokens.length === 0) return ctx.reply('No tokens yet. Issue one with coreapi token create <label> [scopes].');
    ctx.reply(`Tokens (${tokens.length}):`);
    for (const t of tokens) {
      ctx.reply(`${t.label}: ${t.state}, scopes ${t.scopes.join(',')}, created ${t.createdAt}, last used ${t.lastUsedAt ?? 'never'}`);
    }
  }

  async function revoke(ctx: CommandContext, label: string | undefined): Promise<void> {
    if (label === undefined) return ctx.reply('Usage: coreapi token revoke <label>');
    const r = await o.tokens.revoke(label, ctx.actor);
    if (!r.ok) return ctx.reply(r.message);
    await o.api.audit.record({ actor: ctx.actor, action: 'core-rest.token-revoke', target: null, details: { label } });
    ctx.reply(`Token ${label} revoked; it no longer works and its event streams were closed.`);
  }

  return {
    name: 'coreapi',
    permission: ADMIN_PERMISSION,
    description: 'Remote Access Service: issue, list and revoke tokens; show the listener.',
    usage: USAGE,
    async run(ctx, args) {
      const [a, b, c, d] = args;
      if (a === 'status' && b === undefined) {
        for (const line of o.status()) ctx.reply(line);
        return;
      }
      if (a === 'token') {
        if (b === 'create' && args.length <= 4) return create(ctx, c, d);
        if (b === 'list' && args.length === 2) return list(ctx);
        if (b === 'revoke' && args.length === 3) return revoke(ctx, c);
      }
      ctx.reply(`Usage: ${USAGE}`);
    },
    complete(_ctx, args) {
      const last = args[args.length - 1] ?? '';
      const pick = (options: string[]) => options.filter((s) => s.startsWith(last));
      if (args.length <= 1) return pick(['token', 'status']);
      if (args[0] === 'token' && args.length === 2) return pick(['create', 'list', 'revoke']);
      if (args[0] === 'token' && args[1] === 'create' && args.length === 4) {
        return pick(['read', 'read,write', 'read,events', 'read,write,events', 'events', 'write']);
      }
      return [];
    },
  };
}
