// `core reload`: reads every config file again (module configs, permissions.conf, modules.conf,
// the add-on's rest.conf) and answers one line per file. Who ran it goes to the server log and the
// audit log, since it changes what every player may do.

import { actorName } from '../kernel/actor.ts';
import type { AuditService } from '../kernel/api.ts';
import type { CommandDefinition } from '../commands/commands.ts';
import { command, sub, type Subcommand } from '../commands/command-tree.ts';
import { describeReload, type ConfigFiles, type FileReload } from './config-reload.ts';
import type { Logger } from '../log/log.ts';
import type { Text } from '../../platform/platform.ts';

/** An admin node: nobody holds it until it is granted (the console holds every node). */
export const RELOAD_NODE = 'core.reload';

const COLOR: Record<FileReload['outcome'], 'gray' | 'green' | 'red'> = { unchanged: 'gray', changed: 'green', invalid: 'red' };

/** The first line of the reply: what the reload did as a whole. */
export function reloadSummary(results: readonly FileReload[]): string {
  const count = (o: FileReload['outcome']) => results.filter((r) => r.outcome === o).length;
  const restart = results.filter((r) => r.outcome === 'changed' && r.restart.length > 0).length;
  const parts = [`${count('changed')} changed${restart ? ` (${restart} of them ${restart === 1 ? 'needs' : 'need'} a restart)` : ''}`, `${count('unchanged')} unchanged`];
  if (count('invalid')) parts.push(`${count('invalid')} invalid (kept as they were)`);
  return `Reloaded ${results.length} config files: ${parts.join(', ')}.`;
}

/** `more`: the other `core …` subcommands (`core copy-to-postgres`, src/core/storage/copy-command.ts). */
export function coreCommand(options: { configs: ConfigFiles; audit: AuditService; log: Logger; more?: readonly Subcommand[] }): CommandDefinition {
  const { configs, audit, log } = options;
  return command({
    name: 'core',
    permission: RELOAD_NODE,
    description: 'Reads the config files again: what can change at once applies, the rest is named for a restart.',
    // `core copy-to-postgres` takes a URL that may hold a password: a player's line is logged as `/core …`.
    secretArgs: true,
    subcommands: [
      ...(options.more ?? []),
      sub({
        name: 'reload',
        async run(ctx) {
          const who = actorName(ctx.actor);
          const results = configs.reloadAll();
          const summary = reloadSummary(results);
          const atConsole = ctx.sender.kind === 'console';
          ctx.reply({ text: summary, color: results.some((r) => r.outcome === 'invalid') ? 'yellow' : 'gold' });
          if (!atConsole) log.info(`${who} ran core reload. ${summary}`);
          for (const r of results) {
            const line = describeReload(r);
            // A faulty file is a warning line of the server log whoever ran the reload (file, line,
            // key). The console's replies are lines of that log already: it gets the warning
            // instead of a reply, and a player's other lines are logged for the operator too.
            if (r.outcome === 'invalid') log.warn(line);
            else if (r.outcome === 'changed' && !atConsole) log.info(line);
            if (r.outcome === 'invalid' && atConsole) continue;
            ctx.reply({ text: line, color: r.outcome === 'changed' && r.restart.length ? 'yellow' : COLOR[r.outcome] } satisfies Text);
          }
          if (atConsole) log.info(`${who} ran core reload. ${summary}`);
          await audit.record({
            actor: ctx.actor,
            action: 'core.reload',
            target: null,
            details: Object.fromEntries(
              results.map((r) => [r.file, r.outcome === 'changed' ? { outcome: r.outcome, applied: r.applied, restart: r.restart } : { outcome: r.outcome }]),
            ),
          });
        },
      }),
    ],
  });
}
