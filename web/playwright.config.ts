/**
 * End-to-end tests against the real server (which serves web/dist). PORTAL_URL picks the server; scripts/test-e2e
 * starts one server per worker instead, E2E_WORKERS of them, and worker i talks to PORTAL_URL_i (TEST_PARALLEL_INDEX,
 * set in each worker, which loads this file too). ARTIFACTS_DIR, when set, receives screenshots and reports
 * instead of web/test-results (traces and failures in its playwright/).
 */
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env[`PORTAL_URL_${process.env.TEST_PARALLEL_INDEX ?? '0'}`] ?? process.env.PORTAL_URL ?? 'http://localhost:8080';
// Playwright empties its output folder at the start: a folder of its own, so the other stages' reports in
// ARTIFACTS_DIR stay.
const artifacts = process.env.ARTIFACTS_DIR ?? 'test-results';
const outputDir = join(artifacts, 'playwright');

export default defineConfig({
  testDir: './e2e',
  outputDir,
  // A file's walks run in order in one worker (some build on the state of the walk before); a file whose walks share
  // nothing says so (test.describe.configure parallel) and has them spread over the workers.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  // The workers share two cores with their servers and browsers: a walk takes longer than alone.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report has every walk's time (scripts/test puts it with the other runners' in TIMINGS_DIR).
  reporter: [['list'], ['json', { outputFile: join(process.env.TIMINGS_DIR ?? artifacts, 'playwright.json') }]],
  use: {
    baseURL,
    // A trace only when a walk fails and runs again (CI's one retry): recording one for every walk (its screencast
    // and a DOM snapshot per action) was a third of the walks' time. `npx playwright test --trace on` records them all.
    trace: 'on-first-retry',
    // The app registers its service worker a few seconds after a page settles, and installing it precaches the whole
    // build (1.8 MB) on a thread of its own: in most walks, work no assertion reads, a sixteenth of the walks' CPU.
    // The walks of the worker itself, the offline shell and the kept tracks (install-consent.spec.ts), allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Chromium's old headless shell (Debian's chromium-headless-shell): the same engine without the browser's
      // window machinery, a fifth less CPU per walk than /usr/bin/chromium --headless.
      executablePath: '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
