import type { RouteGroup } from '../../http/route-group.ts';
import { messagePushRoutes } from './message-push.ts';
import { hmsgSendConfigRoutes } from './send-configs.ts';
import { userMessageRoutes } from './user-messages.ts';

/** Messaging: the user's messages, their websocket push, send configurations. */
export const routes: RouteGroup[] = [userMessageRoutes, messagePushRoutes, hmsgSendConfigRoutes];
