// Headless Chromium for a workbench page (shared/docs/environment.md: Debian's chromium, these flags).
// The runner (run.mjs) keeps its own persistent context; the package test and bench:click launch this.

export const CHROMIUM = process.env.KGRAG_CHROMIUM ?? '/usr/bin/chromium';

/** @returns {Promise<import('playwright-core').Browser>} */
export async function launchChromium(executablePath = CHROMIUM) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
    // The caller tears down on its own signals.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
