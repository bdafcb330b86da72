/**
 * End-to-end tests against the real server (which serves web/dist). PORTAL_URL picks the server;
 * ARTIFACTS_DIR, when set, receives screenshots and reports instead of web/test-results.
 */
import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.PORTAL_URL ?? 'http://localhost:8080';
const outputDir = process.env.ARTIFACTS_DIR ?? 'test-results';

export default defineConfig({
  testDir: './e2e',
  outputDir,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
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
