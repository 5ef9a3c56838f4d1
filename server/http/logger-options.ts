import type { FastifyServerOptions } from 'fastify';

/** What a log line may never show of a URL: an access token (downloads and exports carry it in the query). */
export const redactUrl = (url: string) => url.replace(/([?&]access_token=)[^&#]*/gi, '$1[redacted]');

/**
 * The server's logger: warnings by default, or what a caller asks (a level, a stream the tests
 * read). Requests are logged by method and redacted URL only: no headers (the bearer token, the
 * cookie) and no bodies (passwords), whatever the level.
 */
export type LoggerSetting = boolean | { level?: string; stream?: { write(line: string): void } };

export function loggerOptions(setting: LoggerSetting | undefined): FastifyServerOptions['logger'] {
  if (!setting) return false;
  const { level = 'warn', stream } = setting === true ? {} : setting;
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: redactUrl(String(req.url ?? '')) }),
    },
  };
}
