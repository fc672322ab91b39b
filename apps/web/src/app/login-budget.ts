/**
 * The first-paint budget of /login (issue 18, part 6): every script the sign-in page loads — the entry chunk
 * of index.html, every chunk it imports statically (they load before it runs) and every chunk index.html
 * preloads (`<link rel="modulepreload">`) — gzip-sized, at most 150 KB. Read from the build's output: Vite's
 * manifest (`build.manifest`) and the built index.html. /login is not a lazy route (router.tsx), so these are
 * all it needs; the chunks it imports dynamically (the MUI dialogs) load only when a dialog opens.
 */

/** 150 KB of gzip-compressed JavaScript (KB = 1024 bytes). */
export const LOGIN_JS_BUDGET_BYTES = 150 * 1024;

/** The part of a Vite manifest entry this check reads (vite's `ManifestChunk`). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The output files (relative to the build folder, e.g. `assets/index-x.js`) of index.html's scripts. */
export function htmlScripts(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isModuleScript = /^<script\b/i.test(tag) && /\btype=["']?module\b/i.test(tag);
    const isPreload = /^<link\b/i.test(tag) && /\brel=["']?modulepreload\b/i.test(tag);
    if (!isModuleScript && !isPreload) continue;
    const url = tag.match(/\b(?:src|href)=["']?([^"'\s>]+)/i)?.[1];
    if (url && !/^[a-z]+:\/\//i.test(url)) files.push(url.replace(/^\.?\//, ''));
  }
  return files;
}

/**
 * The JavaScript files /login loads: the manifest's entry chunks (index.html's script) with every chunk they
 * import statically, transitively, plus the scripts and preloads index.html names. Dynamic imports are left
 * out (they load on demand). Sorted, each once.
 */
export function loginScripts(manifest: Manifest, html = ''): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but has no entry for it`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error('the manifest has no entry chunk');
  for (const key of entries) visit(key);
  // a chunk index.html loads or preloads that the manifest walk missed still counts
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  for (const file of htmlScripts(html)) {
    const key = byFile.get(file);
    if (key) visit(key);
    else if (file.endsWith('.js')) files.add(file);
  }
  return [...files].sort();
}

export interface BudgetReport {
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
}

/** Sums the gzip sizes of /login's scripts (`gzipSize` reads and compresses one output file) against the budget. */
export function loginBudget(
  manifest: Manifest,
  html: string,
  gzipSize: (file: string) => number,
  budgetBytes = LOGIN_JS_BUDGET_BYTES,
): BudgetReport {
  const files = loginScripts(manifest, html).map((file) => ({ file, gzipBytes: gzipSize(file) }));
  const totalGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { files, totalGzipBytes, budgetBytes, withinBudget: totalGzipBytes <= budgetBytes };
}

/** One line per file and the total, largest first, for the test's output and its failure message. */
export function formatBudget(report: BudgetReport): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [...report.files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => `  ${kb(f.gzipBytes).padStart(9)}  ${f.file}`);
  return [
    `/login loads ${report.files.length} scripts, ${kb(report.totalGzipBytes)} gzip (budget ${kb(report.budgetBytes)}):`,
    ...lines,
  ].join('\n');
}
