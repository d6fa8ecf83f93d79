// In-game commands of the poses: /sit and /lay, each run again to get up.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { PlayerPose } from '../../platform/poses.ts';
import type { PoseService } from './pose.service.ts';

export const POSE_NODES = {
  sit: 'core.pose.sit',
  lay: 'core.pose.lay',
} as const;

const GET_UP = 'Sneak, or run the command again, to get up.';

export function poseCommands(poses: PoseService): CommandDefinition[] {
  /** Takes the pose, or gets up when the player already holds it. */
  function toggle(c: CommandContext, pose: Exclude<PlayerPose, 'standing'>): void {
    const uuid = senderPlayer(c).uuid;
    const target: PlayerPose = poses.poseOf(uuid) === pose ? 'standing' : pose;
    const r = poses.setPose(uuid, target);
    if (!succeeded(c, r)) return;
    c.reply(target === 'standing' ? 'You got up.' : `You are ${pose} now. ${GET_UP}`);
  }

  return [
    command({
      name: 'sit',
      permission: POSE_NODES.sit,
      description: 'Sits you down where you stand; run it again (or sneak) to get up.',
      playerOnly: true,
      run: (c) => toggle(c, 'sitting'),
    }),
    command({
      name: 'lay',
      aliases: ['lie'],
      permission: POSE_NODES.lay,
      description: 'Lays you down where you stand; run it again (or sneak, or walk away) to get up.',
      playerOnly: true,
      run: (c) => toggle(c, 'laying'),
    }),
  ];
}
