declare module 'virtual:screen-manifest' {
  export interface ScreenManifestEntry {
    file: string;
    routes: string[];
    title: import('./schema/label.ts').Label;
    kind: string;
    authorized: boolean;
    /** The raw JSON text of the schema file. */
    load: () => Promise<string>;
  }
  export const screens: ScreenManifestEntry[];
}

declare module 'virtual:prompt-keys' {
  /** The platform's prompt keys of every default text (`hzero.common`, `hiam.user` …). */
  export const promptKeys: () => Promise<string[]>;
}
