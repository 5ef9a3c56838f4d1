import type { RendererServices } from '../contracts/services.ts';
import { type PlatformCallName, platformCalls } from '../schema/wire/platform-calls.ts';
import { fillUrl } from './url-template.ts';

/** The URL of one of the platform's own calls (platform-calls.ts) for the current user and mode. */
export const platformUrl = (s: Pick<RendererServices, 'user' | 'siteMode'>, name: PlatformCallName, vars: Record<string, unknown> = {}): string =>
  fillUrl(platformCalls[name].url, { ...s.user, ...vars }, { siteMode: s.siteMode });
