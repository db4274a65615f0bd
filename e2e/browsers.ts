import fs from 'node:fs';

/**
 * Debian's Chromium. The tests run in its headless shell (Debian's chromium-headless-shell: the same
 * Blink and V8 without the desktop browser around them, what Playwright itself runs headless) when
 * it is installed: a third less time than the full browser on two cores. What needs the full browser
 * (notifications and the push service: push.spec.ts) asks for `fullBrowser`. CHROMIUM_PATH sets one
 * browser for all.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const testedChromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : fullChromium);

export const launchOptions = {
  executablePath: testedChromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** The full browser (/usr/bin/chromium), for what the headless shell lacks: `test.use({ launchOptions: fullBrowser })`. */
export const fullBrowser = { ...launchOptions, executablePath: fullChromium };
