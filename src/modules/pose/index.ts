// The pose module: /sit and /lay, seen by every player, and pose.pose on each change.

import { defineModule } from '../../core/kernel/module.ts';
import { POSE_NODES, poseCommands } from './pose.commands.ts';
import { POSE_EVENTS } from './pose.events.ts';
import { createPoseService, type PoseService } from './pose.service.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    pose: PoseService;
  }
}

export const poseModule = defineModule({
  name: 'pose',
  description: 'Poses: /sit and /lay (sneak or run it again to get up).',
  dependsOn: [],
  migrations: [],
  events: POSE_EVENTS,
  playerNodes: [POSE_NODES.sit, POSE_NODES.lay],
  createService: (ctx) => createPoseService({ events: ctx.events, platform: ctx.platform }),
  commands: (poses) => poseCommands(poses),
});
