/**
 * End-to-end tests against the real server (which serves web/dist). PORTAL_URL picks the server; scripts/test-e2e
 * starts one server per worker instead, E2E_WORKERS of them, and worker i talks to PORTAL_URL_i (TEST_PARALLEL_INDEX,
 * set in each worker, which loads this file too). ARTIFACTS_DIR, when set, receives screenshots and reports
 * instead of web/test-results; playwright-report.json there has every walk's time.
 */
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env[`PORTAL_URL_${process.env.TEST_PARALLEL_INDEX ?? '0'}`] ?? process.env.PORTAL_URL ?? 'http://localhost:8080';
const outputDir = process.env.ARTIFACTS_DIR ?? 'test-results';

export default defineConfig({
  testDir: './e2e',
  outputDir,
  // A file's walks run in order in one worker (some build on the state of the walk before).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  // The workers share two cores with their servers and browsers: a walk takes longer than alone.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: join(outputDir, 'playwright-report.json') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
