/**
 * A text key `hiam.user.model.loginName` is stored by the platform (HZERO's prompt table) as the
 * prompt key `hiam.user` and the code `model.loginName`; bundles are fetched by prompt key
 * (`GET /hpfm/v1/{organizationId}/prompt/{lang}?promptKey=hzero.common,hiam.user`).
 */
export function splitKey(key: string): [string, string] {
  const parts = key.split('.');
  return [parts.slice(0, 2).join('.'), parts.slice(2).join('.')];
}

/** The prompt keys of a set of text keys, sorted. */
export const promptKeysOf = (keys: Iterable<string>): string[] => [...new Set([...keys].map((k) => splitKey(k)[0]))].sort();
