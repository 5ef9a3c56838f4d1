declare module 'virtual:screen-manifest' {
  export interface ScreenManifestEntry {
    file: string;
    routes: string[];
    title: import('./schema/label.ts').Label;
    kind: string;
    authorized: boolean;
    /** The entities the screen and its tabs declare (see screen-files.ts), loaded while the schema is fetched. */
    entities?: string[];
    /** The raw JSON text of the schema file. */
    load: () => Promise<string>;
  }
  /** The route table: full from the start inline (dev, Storybook), filled by `loadScreens()` in the app's build. */
  export const screens: ScreenManifestEntry[];
  /** Resolves with `screens` once the table is there. */
  export const loadScreens: () => Promise<ScreenManifestEntry[]>;
}

declare module 'virtual:prompt-keys' {
  /** The platform's prompt keys of every default text (`hzero.common`, `hiam.user` …). */
  export const promptKeys: () => Promise<string[]>;
}
