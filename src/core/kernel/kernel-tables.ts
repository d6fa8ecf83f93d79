// The kernel's own tables, declared as a module declares its own (`defineModule({ migrations })`):
// each part of the kernel with the migrations of its tables, under the name core_migrations records
// them by, in the order the kernel applies them, before any module's. A kernel table is a migration
// in its part's file, listed here once; a module's table is a migration in its own folder.

import { AUDIT_MIGRATIONS } from '../log/audit.ts';
import type { Migration } from '../storage/db.ts';
import { PRESENCE_MIGRATIONS } from '../network/network-presence.ts';
import { PERMISSIONS_MIGRATIONS } from '../players/permissions.ts';
import { PLAYERS_MIGRATIONS } from '../players/players.ts';

export interface TableDeclaration {
  /** The name core_migrations records the migrations under (`core.<part>`; a module's is its name). */
  readonly name: string;
  readonly migrations: readonly Migration[];
}

export const KERNEL_TABLES: readonly TableDeclaration[] = [
  { name: 'core.players', migrations: PLAYERS_MIGRATIONS },
  { name: 'core.audit', migrations: AUDIT_MIGRATIONS },
  { name: 'core.permissions', migrations: PERMISSIONS_MIGRATIONS },
  { name: 'core.presence', migrations: PRESENCE_MIGRATIONS },
];
