/**
 * Deployment settings. The API host is empty (same origin as the reference server); a
 * real platform gateway is set with VITE_API_HOST at build time.
 */
export const API_HOST: string = import.meta.env.VITE_API_HOST ?? '';
export const CLIENT_ID: string = import.meta.env.VITE_CLIENT_ID ?? 'client';
export const AUTH_HOST = `${API_HOST}/oauth`;
export const LOGIN_URL = `${AUTH_HOST}/oauth/authorize?response_type=token&client_id=${CLIENT_ID}`;
export const LOGOUT_URL = `${AUTH_HOST}/logout`;
export const IAM = '/iam';
export const PLATFORM = '/hpfm';
export const MESSAGE = '/hmsg';
export const FILE = '/hfle';
/** The spec's "on-premise platform variant" flag. */
export const VERSION_IS_OP = import.meta.env.VITE_PLATFORM_VERSION === 'OP';
/** A request URL containing this marker gets its 403 back without a notification (§8). */
export const SILENT_403_MARKER = import.meta.env.VITE_SILENT_403_MARKER ?? 'silent403=1';
/** HZERO's message push: the websocket starter of the platform service. */
export const WEBSOCKET_PATH = '/hpfm/websocket';
