// The /coreapi command (docs/decisions.md, "Tokens"): issue, list and revoke tokens, and show the
// listener with its subscribers. Behind core.rest.admin; the console holds it. A secret is shown
// once: a single line at the console, a click-to-copy component in game. Declared on the command
// tree (src/core/commands/command-tree.ts) like every other command: its usage lines, tab completion and the
// refusal of a bad word come from the declaration.

import type { CoreApi } from '../core/kernel/api.ts';
import { arg } from '../core/commands/command-args.ts';
import { succeeded } from '../core/commands/command-helpers.ts';
import { command, sub, type DeclaredCommand } from '../core/commands/command-tree.ts';
import type { CommandContext } from '../core/commands/commands.ts';
import type { TextComponent } from '../platform/platform.ts';
import { ADMIN_PERMISSION, DEFAULT_SCOPES, parseScopes, SCOPES, type Scope, type TokenStore } from './tokens.ts';

export interface CoreApiCommandOptions {
  tokens: TokenStore;
  api: CoreApi;
  /** Lines describing the listener and its subscribers, for `/coreapi status`. */
  status(): string[];
}

function createdLine(label: string, scopes: readonly string[]): string {
  return `Token ${label} created with scopes ${scopes.join(',')}. Secret: `;
}

/** `read,write`: the scopes, each once, in the order of SCOPES. */
const scopesArg = arg.custom('scopes', {
  parse: (word) => {
    const scopes = parseScopes(word);
    return scopes !== undefined ? { ok: true, value: scopes } : { ok: false, message: `Scopes are a comma-separated list of ${SCOPES.join(', ')}.` };
  },
  complete: () => ['read', 'read,write', 'read,events', 'read,write,events', 'events', 'write'],
});

export function coreApiCommand(o: CoreApiCommandOptions): DeclaredCommand {
  async function create(ctx: CommandContext, label: string, scopes: readonly Scope[]): Promise<void> {
    const r = await o.tokens.create(label, scopes, ctx.actor);
    if (!succeeded(ctx, r)) return;
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

  async function revoke(ctx: CommandContext, label: string): Promise<void> {
    const r = await o.tokens.revoke(label, ctx.actor);
    if (!succeeded(ctx, r)) return;
    await o.api.audit.record({ actor: ctx.actor, action: 'core-rest.token-revoke', target: null, details: { label } });
    ctx.reply(`Token ${label} revoked; it no longer works and its event streams were closed.`);
  }

  return command({
    name: 'coreapi',
    permission: ADMIN_PERMISSION,
    description: 'Remote Access Service: issue, list and revoke tokens; show the listener.',
    subcommands: [
      sub({
        name: 'token',
        subcommands: [
          sub({ name: 'create', args: [arg.word('label'), scopesArg.optional()], run: (c, { label, scopes }) => create(c, label, scopes ?? DEFAULT_SCOPES) }),
          sub({ name: 'list', run: list }),
          sub({ name: 'revoke', args: [arg.word('label', () => o.tokens.activeLabels())], run: (c, { label }) => revoke(c, label) }),
        ],
      }),
      sub({
        name: 'status',
        run(c) {
          for (const line of o.status()) c.reply(line);
        },
      }),
    ],
  });
}
