/** Page-view analytics hook (§2.19): a pluggable function; the default records nothing. */
export type PageViewReporter = (path: string, title: string) => void;

let reporter: PageViewReporter = () => undefined;

export function setPageViewReporter(fn: PageViewReporter): void {
  reporter = fn;
}

export function reportPageView(path: string, title: string): void {
  try {
    reporter(path, title);
  } catch {
    /* analytics never breaks navigation */
  }
}
