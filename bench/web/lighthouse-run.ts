/**
 * One Lighthouse 12 run of one page in Debian's Chromium: a fresh browser (its own profile, so a cold HTTP
 * cache) per run; a signed-in page gets the session the web app keeps in localStorage (`token` and `user`,
 * apps/web/src/lib/auth-storage.ts), written on a JSON URL of the origin so that no app script is cached
 * before the run. Lighthouse then runs with `disableStorageReset` (its reset would sign the page out).
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // the take-sim screen asks for the microphone: a fake one, granted without a prompt
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

interface BrowserStorage {
  clear(): void;
  setItem(key: string, value: string): void;
}

export type FormFactor = 'desktop' | 'mobile';

export interface Session {
  token: string;
  user: unknown;
}

export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** ms */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** bytes of JavaScript over the wire (transfer size, as the server sent it) */
  jsTransferred: number;
  /** script requests */
  jsRequests: number;
  finalUrl: string;
  /** audits of the four categories scoring under 0.9 (id: title, display value) */
  failing: { category: string; id: string; title: string; display: string }[];
  /** the accessibility audits that failed, with the selectors of their elements */
  a11yIssues: { id: string; title: string; nodes: string[] }[];
}

interface AuditDetails {
  items?: { resourceType?: string; transferSize?: number; requestCount?: number; node?: { selector?: string } }[];
}

/** `saveTo`: a file to write Lighthouse's full JSON report to (BENCH_WEB_SAVE in run.ts). */
export async function runLighthouse(
  url: string,
  formFactor: FormFactor,
  session?: Session,
  saveTo?: string,
): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const origin = new URL(url).origin;
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${origin}/api/ready`);
    await page.evaluate((s) => {
      // in the page (bench's types have no DOM)
      const storage = (globalThis as unknown as { localStorage: BrowserStorage }).localStorage;
      storage.clear();
      if (s) {
        storage.setItem('token', s.token);
        storage.setItem('user', JSON.stringify(s.user));
      }
    }, session ?? null);
    await page.close();
    await browser.disconnect();

    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    };
    const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (saveTo) fs.writeFileSync(saveTo, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id];
    const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const scripts = (audit('resource-summary')?.details as AuditDetails | undefined)?.items?.find(
      (item) => item.resourceType === 'script',
    );
    const failing: PageFigures['failing'] = [];
    const a11yIssues: PageFigures['a11yIssues'] = [];
    for (const [category, cat] of Object.entries(lhr.categories)) {
      for (const ref of cat.auditRefs) {
        const a = audit(ref.id);
        if (!a || a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'informative') continue;
        if (a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') continue;
        failing.push({ category, id: a.id, title: a.title, display: a.displayValue ?? '' });
        if (category === 'accessibility') {
          const items = (a.details as AuditDetails | undefined)?.items ?? [];
          a11yIssues.push({
            id: a.id,
            title: a.title,
            nodes: items.map((item) => item.node?.selector ?? '').filter(Boolean),
          });
        }
      }
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      jsTransferred: scripts?.transferSize ?? 0,
      jsRequests: scripts?.requestCount ?? 0,
      finalUrl: lhr.finalDisplayedUrl,
      failing,
      a11yIssues,
    };
  } finally {
    await chrome.kill();
  }
}
